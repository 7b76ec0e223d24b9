import type { ApiData } from '@sluice/ui-kit';

// GET /api/user/self (what a user sees of themself): the server's documented `UserSelf` schema.
export type SelfView = ApiData<'/api/user/self', 'get'>;
