import type { ApiData } from '@sluice/ui-kit';
import type { SelfView } from '../personal/types';

// What the wallet page reads of GET /api/user/self (spec §3 User self view, §7 Wallet).
export type SelfWallet = Pick<SelfView, 'quota' | 'used_quota' | 'aff_quota' | 'aff_history_quota' | 'aff_count'>;

/** GET /api/log/self?type=1: the caller's top-up log rows (the documented `SelfLogPage`). */
export type TopUpLogPage = ApiData<'/api/log/self', 'get'>;

export type TopUpLog = TopUpLogPage['items'][number];
