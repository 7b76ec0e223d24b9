// Console strings of the 'logs' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.logs.<key>').
import type { SameShape } from './shape';

export const logsZhCN = {
  title: 'logs',
};

export const logsEn: SameShape<typeof logsZhCN> = {
  title: 'logs',
};
