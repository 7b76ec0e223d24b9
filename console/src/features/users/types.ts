import type { ApiSchema } from '@sluice/ui-kit';
import type { SelfView } from '../personal/types';

// What the admin user endpoints answer (GET /api/user/, /api/user/search, /api/user/{id}): what a
// user sees of themself, plus the deletion time (the server's AdminUserView extends SelfView too).
export interface AdminUser extends SelfView {
  DeletedAt: number | null;
}

export interface UserPage {
  items: AdminUser[];
  total: number;
  page: number;
  page_size: number;
}

/** The row actions of POST /api/user/manage (the documented `UserManage` actions; add_quota has its own dialog). */
export type ManageAction = Exclude<ApiSchema<'UserManage'>['action'], 'add_quota'>;

/** POST /api/user/manage answers the new role and status (and the quota for add_quota). */
export interface ManageResult {
  role: number;
  status: number;
  quota?: number;
}

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;
export const USER_LOCKED = 3;
