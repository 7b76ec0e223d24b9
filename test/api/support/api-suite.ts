import { startApp, type TestApp } from '../../support/app';
import { Caller, loginRoot, newUser } from '../../support/http';
import type { DbKind } from '../../support/env';

/** What an API contract suite works with: the server, a plain user and root, signed in. */
export interface ApiSuite {
  t: TestApp;
  alice: Caller;
  root: Caller;
}

/**
 * One server per suite with a plain user (alice) and root signed in, started in `beforeAll` and
 * closed in `afterAll`. The fields fill in once the hooks have run: read them inside tests.
 */
export function apiSuite(kind: DbKind): ApiSuite {
  const s = {} as ApiSuite;
  beforeAll(async () => {
    s.t = await startApp(kind);
    s.alice = (await newUser(s.t.url)).caller;
    s.root = await loginRoot(s.t.url);
  });
  afterAll(async () => s.t?.close());
  return s;
}

/** A 400 that names the field and carries the code, and nothing else. */
export function expectRefused(res: { status: number; body: Record<string, unknown> }, code: string, field: string): void {
  expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { success: false, code, field, message: expect.any(String) } });
}
