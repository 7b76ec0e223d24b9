// Console strings of the 'pages' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.pages.<key>').
import type { SameShape } from './shape';

export const pagesZhCN = {
  title: 'pages',
};

export const pagesEn: SameShape<typeof pagesZhCN> = {
  title: 'pages',
};
