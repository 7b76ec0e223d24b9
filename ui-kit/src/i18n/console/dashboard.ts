// Console strings of the 'dashboard' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.dashboard.<key>').
import type { SameShape } from './shape';

export const dashboardZhCN = {
  title: 'dashboard',
};

export const dashboardEn: SameShape<typeof dashboardZhCN> = {
  title: 'dashboard',
};
