// GET /api/user/self (what a user sees of themself).
export interface SelfView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  linuxdo_id: string;
  linuxdo_level: number;
  wechat_id: string;
  telegram_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
}
