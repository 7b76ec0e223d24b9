import request from 'supertest';
import type { Response } from 'supertest';
import { DatabaseService } from '../../server/src/database/database.service';
import type { TestApp } from '../support/app';
import type { Caller } from '../support/http';

/**
 * A browser talking to the gateway: keeps every cookie it is given (the session and the OAuth
 * binding cookie) and sends New-Api-User once signed in, as the console does.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  userId: number | null = null;

  constructor(readonly base: string) {}

  private prepare(req: request.Test, withUserHeader = true): request.Test {
    if (this.cookies.size > 0) req.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (withUserHeader && this.userId !== null) req.set('New-Api-User', String(this.userId));
    return req.set('Accept-Language', 'en');
  }

  private keep(res: Response): Response {
    const set = res.headers['set-cookie'] as unknown as string[] | undefined;
    for (const c of set ?? []) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (/Max-Age=0/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string, withUserHeader = true): Promise<Response> {
    return this.keep(await this.prepare(request(this.base).get(path), withUserHeader));
  }

  async post(path: string, body: object, withUserHeader = true): Promise<Response> {
    return this.keep(await this.prepare(request(this.base).post(path), withUserHeader).send(body));
  }

  async put(path: string, body: object): Promise<Response> {
    return this.keep(await this.prepare(request(this.base).put(path)).send(body));
  }

  /** A browser that is a signed-in Caller (password login). */
  static from(caller: Caller, base: string): Browser {
    const b = new Browser(base);
    const cookie = (caller as unknown as { cookie: string | null }).cookie ?? '';
    for (const part of cookie.split(';')) {
      const [k, v] = part.trim().split('=');
      if (k && v) b.cookies.set(k, v);
    }
    b.userId = caller.userId;
    return b;
  }

  async state(query = ''): Promise<Response> {
    return this.get(`/api/oauth/state${query}`);
  }

  async self(): Promise<Record<string, unknown>> {
    const res = await this.get('/api/user/self');
    if (res.body.success !== true) throw new Error(`self failed: ${JSON.stringify(res.body)}`);
    return res.body.data as Record<string, unknown>;
  }
}

export const setOptions = async (root: Caller, values: Record<string, string>): Promise<void> => {
  for (const [key, value] of Object.entries(values)) {
    const res = await root.put('/api/option/', { key, value });
    if (res.body.success !== true) throw new Error(`option ${key}: ${JSON.stringify(res.body)}`);
  }
};

export const userCount = async (t: TestApp): Promise<number> =>
  Number(((await t.app.get(DatabaseService).manager.query('SELECT COUNT(*) AS n FROM users')) as { n: string | number }[])[0]?.n);

export const sessionCount = async (t: TestApp): Promise<number> =>
  Number(((await t.app.get(DatabaseService).manager.query('SELECT COUNT(*) AS n FROM sessions')) as { n: string | number }[])[0]?.n);

/** Every log row as text (to prove no secret was written into one). */
export const allLogText = async (t: TestApp): Promise<string> =>
  JSON.stringify(await t.app.get(DatabaseService).manager.query('SELECT * FROM logs'));
