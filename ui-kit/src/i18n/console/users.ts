// Console strings of the 'users' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.users.<key>').
import type { SameShape } from './shape';

export const usersZhCN = {
  title: 'users',
};

export const usersEn: SameShape<typeof usersZhCN> = {
  title: 'users',
};
