// Console strings of the 'channels' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.channels.<key>').
import type { SameShape } from './shape';

export const channelsZhCN = {
  title: 'channels',
};

export const channelsEn: SameShape<typeof channelsZhCN> = {
  title: 'channels',
};
