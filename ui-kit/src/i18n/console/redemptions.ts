// Console strings of the 'redemptions' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.redemptions.<key>').
import type { SameShape } from './shape';

export const redemptionsZhCN = {
  title: 'redemptions',
};

export const redemptionsEn: SameShape<typeof redemptionsZhCN> = {
  title: 'redemptions',
};
