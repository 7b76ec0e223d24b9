// Console strings of the 'tokens' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.tokens.<key>').
import type { SameShape } from './shape';

export const tokensZhCN = {
  title: 'tokens',
};

export const tokensEn: SameShape<typeof tokensZhCN> = {
  title: 'tokens',
};
