// What the admin user endpoints answer (GET /api/user/, /api/user/search, /api/user/{id}).
export interface AdminUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  linuxdo_id: string;
  wechat_id: string;
  telegram_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_count: number;
  aff_history_quota: number;
  inviter_id: number;
  DeletedAt: number | null;
}

export interface UserPage {
  items: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

export type ManageAction = 'promote' | 'demote' | 'disable' | 'enable' | 'delete';

/** POST /api/user/manage answers the new role and status (and the quota for add_quota). */
export interface ManageResult {
  role: number;
  status: number;
  quota?: number;
}

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;
export const USER_LOCKED = 3;
