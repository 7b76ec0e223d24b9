// Console strings of the 'options' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.options.<key>').
import type { SameShape } from './shape';

export const optionsZhCN = {
  title: 'options',
};

export const optionsEn: SameShape<typeof optionsZhCN> = {
  title: 'options',
};
