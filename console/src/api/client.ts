/**
 * The console's typed client for the management API (same origin, session cookie,
 * New-Api-User header from the stored user).
 */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

export interface LoginUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
  default_password?: boolean;
}

const USER_KEY = 'user';

export function storedUser(): LoginUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as LoginUser) : null;
  } catch {
    return null;
  }
}

export function storeUser(user: LoginUser | null): void {
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

export async function api<T>(path: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const user = storedUser();
  const headers = new Headers(init.headers);
  if (init.body) headers.set('content-type', 'application/json');
  if (user) headers.set('New-Api-User', String(user.id));
  // Server messages follow the console's language, not the browser's.
  headers.set('Accept-Language', 'zh-CN');
  const res = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  if (res.status === 401) {
    storeUser(null);
    if (!location.pathname.startsWith('/login')) location.assign('/login?expired=true');
  }
  return (await res.json()) as Envelope<T>;
}
