// Console strings of the 'wallet' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.wallet.<key>').
import type { SameShape } from './shape';

export const walletZhCN = {
  title: 'wallet',
};

export const walletEn: SameShape<typeof walletZhCN> = {
  title: 'wallet',
};
