// Console strings of the 'shell' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.shell.<key>').
import type { SameShape } from './shape';

export const shellZhCN = {
  title: 'shell',
};

export const shellEn: SameShape<typeof shellZhCN> = {
  title: 'shell',
};
