import type { ApiData, ApiSchema } from '@sluice/ui-kit';

// What the admin user endpoints answer (GET /api/user/, /api/user/search, /api/user/{id}, PUT /api/user/):
// what a user sees of themself plus the deletion time — the server's documented `User` schema
// (GET /api/openapi.json, generated into the kit by `npm run api:types`).
export type AdminUser = ApiSchema<'User'>;

export type UserPage = ApiData<'/api/user', 'get'>;

/** The row actions of POST /api/user/manage (the documented `UserManage` actions; add_quota has its own dialog). */
export type ManageAction = Exclude<ApiSchema<'UserManage'>['action'], 'add_quota'>;

/** POST /api/user/manage answers the new role and status (and the quota for add_quota). */
export type ManageResult = ApiData<'/api/user/manage', 'post'>;

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;
export const USER_LOCKED = 3;
