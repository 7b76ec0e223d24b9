// Console strings of the 'personal' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.personal.<key>').
import type { SameShape } from './shape';

export const personalZhCN = {
  title: 'personal',
};

export const personalEn: SameShape<typeof personalZhCN> = {
  title: 'personal',
};
