// Console strings of the 'tasks' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.tasks.<key>').
import type { SameShape } from './shape';

export const tasksZhCN = {
  title: 'tasks',
};

export const tasksEn: SameShape<typeof tasksZhCN> = {
  title: 'tasks',
};
