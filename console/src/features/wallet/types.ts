// What the wallet page reads (spec §3 User self view, §7 Wallet).
export interface SelfWallet {
  quota: number;
  used_quota: number;
  aff_quota: number;
  aff_history_quota: number;
  aff_count: number;
}

export interface TopUpLog {
  id: number;
  created_at: number;
  quota: number;
  content: string;
}

export interface TopUpLogPage {
  items: TopUpLog[];
  total: number;
}
