// Console strings of the 'auth' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.auth.<key>').
import type { SameShape } from './shape';

export const authZhCN = {
  title: 'auth',
};

export const authEn: SameShape<typeof authZhCN> = {
  title: 'auth',
};
