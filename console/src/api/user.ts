import type { ApiSchema } from '@sluice/ui-kit';

// The signed-in user as stored in localStorage under 'user': what POST /api/user/login answers
// (the documented `LoginView`). localStorage may hold anything, so readStoredUser still checks it.
export type StoredUser = ApiSchema<'LoginView'>;

const USER_KEY = 'user';

export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;

export function isAdmin(user: StoredUser | null): boolean {
  return user !== null && user.role >= ROLE_ADMIN;
}

export function isRoot(user: StoredUser | null): boolean {
  return user !== null && user.role >= ROLE_ROOT;
}

export function readStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed === null || typeof parsed !== 'object') return null;
    const u = parsed as Partial<StoredUser>;
    return typeof u.id === 'number' && typeof u.username === 'string' && typeof u.role === 'number' ? (u as StoredUser) : null;
  } catch {
    return null;
  }
}

export function writeStoredUser(user: StoredUser | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}
