// Console strings of the 'vendors' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.vendors.<key>').
import type { SameShape } from './shape';

export const vendorsZhCN = {
  title: 'vendors',
};

export const vendorsEn: SameShape<typeof vendorsZhCN> = {
  title: 'vendors',
};
