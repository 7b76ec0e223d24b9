import request from 'supertest';
import type { Response } from 'supertest';

/** A logged-in (or anonymous) caller of the management API. */
export class Caller {
  private cookie: string | null = null;
  userId: number | null = null;
  accessToken: string | null = null;

  constructor(readonly base: string) {}

  private withAuth(req: request.Test): request.Test {
    if (this.cookie) req.set('Cookie', this.cookie);
    if (this.accessToken) req.set('Authorization', this.accessToken);
    if (this.userId !== null) req.set('New-Api-User', String(this.userId));
    return req;
  }

  get(path: string): request.Test {
    return this.withAuth(request(this.base).get(path));
  }
  post(path: string, body?: object): request.Test {
    const r = this.withAuth(request(this.base).post(path));
    return body ? r.send(body) : r;
  }
  put(path: string, body?: object): request.Test {
    const r = this.withAuth(request(this.base).put(path));
    return body ? r.send(body) : r;
  }
  delete(path: string): request.Test {
    return this.withAuth(request(this.base).delete(path));
  }

  /** Logs in with a session cookie; throws unless the server says success. */
  async login(username: string, password: string): Promise<Response> {
    const res = await request(this.base).post('/api/user/login').send({ username, password });
    if (res.body?.success !== true) throw new Error(`login ${username} failed: ${JSON.stringify(res.body)}`);
    const setCookie = res.headers['set-cookie'] as unknown as string[] | undefined;
    this.cookie = (setCookie ?? []).map((c) => c.split(';')[0]).join('; ');
    this.userId = res.body.data.id as number;
    return res;
  }

  /** The session cookie's value (for a browser context), or null before login. */
  sessionCookie(): string | null {
    const pair = this.cookie?.split('; ').find((c) => c.startsWith('session='));
    return pair ? pair.slice('session='.length) : null;
  }

  /** Drops the session but keeps the id header (to test other credentials). */
  useAccessToken(token: string): void {
    this.cookie = null;
    this.accessToken = token;
  }
}

export const ROOT_PASSWORD = '123456';

export async function loginRoot(base: string): Promise<Caller> {
  const c = new Caller(base);
  await c.login('root', ROOT_PASSWORD);
  return c;
}

let seq = 0;
/** A unique username (max 20 characters). */
export function uniqueName(prefix = 'u'): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${seq}`.slice(0, 20);
}

/** Registers and logs in a regular user. */
export async function newUser(base: string, extra: Record<string, unknown> = {}): Promise<{ caller: Caller; username: string; password: string }> {
  const username = uniqueName();
  const password = 'password123';
  const res = await request(base).post('/api/user/register').send({ username, password, password2: password, ...extra });
  if (res.body?.success !== true) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  const caller = new Caller(base);
  await caller.login(username, password);
  return { caller, username, password };
}

/** Creates a user through root and promotes it to admin. */
export async function newAdmin(base: string, root: Caller): Promise<{ caller: Caller; username: string }> {
  const { caller, username } = await newUser(base);
  const res = await root.post('/api/user/manage', { id: caller.userId, action: 'promote' });
  if (res.body?.success !== true) throw new Error(`promote failed: ${JSON.stringify(res.body)}`);
  return { caller, username };
}

/**
 * A refusal envelope with its `field` set aside: issue 24 added `field` (the input at fault) to
 * validation refusals; suites written before it assert the rest of the envelope exactly.
 */
export function apartFromField(body: Record<string, unknown>): Record<string, unknown> {
  const { field: _field, ...rest } = body;
  return rest;
}
