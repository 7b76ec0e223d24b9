import { DatabaseService } from '../../server/src/database/database.service';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeGitHub, type GitHubUser } from '../support/fakes/github';
import { loginRoot, newUser, type Caller } from '../support/http';
import { Browser, allLogText, sessionCount, setOptions, userCount } from './oauth-kit';

const CLIENT_ID = 'Iv1.fakeclient0001';
const CLIENT_SECRET = 'gh-client-secret-9f8e7d6c5b4a';

let nextId = 5_000_000;
const ghUser = (extra: Partial<GitHubUser> = {}): GitHubUser => {
  nextId += 1;
  return { id: nextId, login: `octo${nextId}`, name: 'Octo Cat', email: null, emails: [{ email: `octo${nextId}@users.example.com`, primary: true, verified: true }], ...extra };
};

/**
 * Issue 17, GitHub (security rule 14): state bound to the browser and the signed-in user, single
 * use, 10 minutes; accounts keyed by GitHub's numeric id; sign-in, registration with aff, bind
 * by POST only, refusals that leave no session and change nothing; the secret never leaves.
 */
describe.each(DATABASES)('GitHub sign-in (%s)', (kind) => {
  let t: TestApp;
  let gh: FakeGitHub;
  let root: Caller;

  beforeAll(async () => {
    gh = new FakeGitHub(CLIENT_ID, CLIENT_SECRET);
    await gh.start();
    t = await startApp(kind, { ...matrixOptions(kind), env: { GITHUB_OAUTH_URL: gh.url, GITHUB_API_URL: gh.url } });
    root = await loginRoot(t.url);
    await setOptions(root, {
      GitHubOAuthEnabled: 'true',
      GitHubClientId: CLIENT_ID,
      GitHubClientSecret: CLIENT_SECRET,
      QuotaForNewUser: '1000',
      QuotaForInvitee: '300',
      QuotaForInviter: '700',
    });
  });
  afterAll(async () => {
    await t.close();
    await gh.stop();
  });
  afterEach(() => {
    gh.fault = 'none';
  });

  /** Runs the browser through state -> provider -> GET callback; answers the callback response. */
  const signIn = async (b: Browser, user: GitHubUser, stateQuery = '?provider=github') => {
    const st = await b.state(stateQuery);
    expect(st.body.success).toBe(true);
    return b.get(`/api/oauth/github?code=${gh.codeFor(user)}&state=${st.body.data as string}`);
  };

  it('GET /api/oauth/state: 128 random bits in data, a binding cookie, the authorize URL from configuration', async () => {
    const b = new Browser(t.url);
    const a = await b.state('?provider=github');
    const c = await b.state();
    expect(a.body).toMatchObject({ success: true, message: '' });
    expect(a.body.data).toMatch(/^[0-9a-f]{32}$/);
    expect(c.body.data).toMatch(/^[0-9a-f]{32}$/);
    expect(c.body.data).not.toBe(a.body.data);
    expect(b.cookies.get('oauth_binding')).toMatch(/^[0-9a-f]{32}$/);
    const authorize = new URL(a.body.authorize_url as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${gh.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('state')).toBe(a.body.data);
  });

  it('registers a new account keyed by the numeric id, with aff rewards, and signs it in', async () => {
    const inviter = await newUser(t.url);
    const affCode = (await inviter.caller.get('/api/user/aff').expect(200)).body.data as string;
    const user = ghUser();
    const b = new Browser(t.url);
    const res = await signIn(b, user, `?provider=github&aff=${affCode}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.username).toMatch(/^github_[0-9A-Za-z]{8}$/);
    expect(res.body.data.display_name).toBe(user.login);
    expect(b.cookies.get('session')).toMatch(/^[0-9a-f]{64}$/);
    b.userId = res.body.data.id as number;
    const self = await b.self();
    expect(self).toMatchObject({ github_id: String(user.id), quota: 1300, inviter_id: inviter.caller.userId, email: user.emails?.[0]?.email });
    const inv = (await inviter.caller.get('/api/user/self').expect(200)).body.data;
    expect(inv).toMatchObject({ aff_count: 1, aff_quota: 700, aff_history_quota: 700 });
    // The token exchange sent the secret to GitHub only, and asked for JSON.
    const exchange = gh.calls.filter((c) => c.path === '/login/oauth/access_token').at(-1);
    expect(exchange?.headers.accept).toBe('application/json');
    expect(JSON.stringify(res.body)).not.toContain(CLIENT_SECRET);
  });

  it('the same GitHub id signs in to the same account, even after its login name changed', async () => {
    const user = ghUser();
    const first = await signIn(new Browser(t.url), user);
    const users = await userCount(t);
    const renamed = await signIn(new Browser(t.url), { ...user, login: 'renamed-octo' });
    expect(renamed.body.success).toBe(true);
    expect(renamed.body.data.id).toBe(first.body.data.id);
    expect(await userCount(t)).toBe(users);
    // A different account whose login equals the first one's old login is another user.
    const other = await signIn(new Browser(t.url), ghUser({ login: user.login }));
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('refuses a reused, missing, expired or foreign state: clear message, no session, nothing created', async () => {
    const user = ghUser();
    const b = new Browser(t.url);
    const st = (await b.state()).body.data as string;
    const ok = await b.get(`/api/oauth/github?code=${gh.codeFor(user)}&state=${st}`);
    expect(ok.body.success).toBe(true);
    const users = await userCount(t);
    const sessions = await sessionCount(t);
    const STATE = 'The state is missing, invalid, used or expired; please start the sign-in again';

    const fresh = () => new Browser(t.url);
    const reused = fresh();
    reused.cookies.set('oauth_binding', b.cookies.get('oauth_binding') as string);
    const r1 = await reused.get(`/api/oauth/github?code=${gh.codeFor(user)}&state=${st}`);
    expect(r1.status).toBe(403);
    expect(r1.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: STATE });

    const missing = fresh();
    await missing.state();
    const r2 = await missing.get(`/api/oauth/github?code=${gh.codeFor(user)}`);
    expect(r2.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: STATE });

    // Issued to another browser: the state is right but the binding cookie is not.
    const victim = fresh();
    const victimState = (await victim.state()).body.data as string;
    const attacker = fresh();
    await attacker.state();
    const r3 = await attacker.get(`/api/oauth/github?code=${gh.codeFor(ghUser())}&state=${victimState}`);
    expect(r3.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: STATE });
    const noCookie = await fresh().get(`/api/oauth/github?code=${gh.codeFor(ghUser())}&state=${victimState}`);
    expect(noCookie.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: STATE });

    const late = fresh();
    const lateState = (await late.state()).body.data as string;
    await t.app.get(DatabaseService).write((em) => em.query(`UPDATE oauth_states SET expires_at = expires_at - 601`));
    const r4 = await late.get(`/api/oauth/github?code=${gh.codeFor(ghUser())}&state=${lateState}`);
    expect(r4.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: STATE });

    for (const r of [r1, r2, r3, noCookie, r4]) expect(r.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/^session=/)]));
    expect(await userCount(t)).toBe(users);
    expect(await sessionCount(t)).toBe(sessions);
  });

  it('a provider error, a failing API or a cut connection: clear message, no session, no account', async () => {
    const users = await userCount(t);
    const sessions = await sessionCount(t);
    for (const fault of ['token_error', 'user_500', 'close'] as const) {
      gh.fault = fault;
      const b = new Browser(t.url);
      const res = await signIn(b, ghUser());
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Sign-in with GitHub failed, please retry later' });
      expect(b.cookies.has('session')).toBe(false);
    }
    gh.fault = 'none';
    // The console's error redirect (?error=access_denied) is refused before anything happens.
    const denied = await new Browser(t.url).get('/api/oauth/github?error=access_denied&state=x');
    expect(denied.body.success).toBe(false);
    expect(await userCount(t)).toBe(users);
    expect(await sessionCount(t)).toBe(sessions);
  });

  it('a provider that never answers times out with the same clear refusal', async () => {
    gh.fault = 'hang';
    const started = Date.now();
    const b = new Browser(t.url);
    const res = await signIn(b, ghUser());
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Sign-in with GitHub failed, please retry later' });
    expect(b.cookies.has('session')).toBe(false);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

  it('binds only by POST from the signed-in user who asked; an id bound elsewhere is refused', async () => {
    const { caller } = await newUser(t.url);
    const b = Browser.from(caller, t.url);
    const user = ghUser();
    const st = (await b.state('?provider=github')).body.data as string;
    const code = gh.codeFor(user);

    // The browser redirect (GET) does not bind, and leaves the state usable for the POST.
    const viaGet = await b.get(`/api/oauth/github?code=${code}&state=${st}`);
    expect(viaGet.status).toBe(405);
    expect(viaGet.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Binding requires a POST request' });
    expect((await b.self()).github_id).toBe('');

    // Another signed-in user cannot spend it.
    const other = Browser.from((await newUser(t.url)).caller, t.url);
    other.cookies.set('oauth_binding', b.cookies.get('oauth_binding') as string);
    expect((await other.post('/api/oauth/github', { code, state: st })).status).toBe(403);

    const bound = await b.post('/api/oauth/github', { code, state: st });
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await b.self()).github_id).toBe(String(user.id));

    // The same GitHub account for a second user: refused, nothing changes.
    const second = Browser.from((await newUser(t.url)).caller, t.url);
    const st2 = (await second.state()).body.data as string;
    const refused = await second.post('/api/oauth/github', { code: gh.codeFor(user), state: st2 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This GitHub account is already bound to another user' });
    expect((await second.self()).github_id).toBe('');

    // Signing in with it now opens the binding user's account.
    const login = await signIn(new Browser(t.url), user);
    expect(login.body.data.id).toBe(caller.userId);
  });

  it('races: one state spent by ten callbacks at once opens one session; ten first sign-ins of one id make one account', async () => {
    const b = new Browser(t.url);
    const st = (await b.state()).body.data as string;
    const sessions = await sessionCount(t);
    const user = ghUser();
    const codes = Array.from({ length: 10 }, () => gh.codeFor(user));
    const spent = await Promise.all(codes.map((code) => b.get(`/api/oauth/github?code=${code}&state=${st}`)));
    expect(spent.filter((r) => r.body.success === true)).toHaveLength(1);
    expect(await sessionCount(t)).toBe(sessions + 1);

    const twin = ghUser();
    const browsers = Array.from({ length: 10 }, () => new Browser(t.url));
    const states = await Promise.all(browsers.map(async (x) => (await x.state()).body.data as string));
    const results = await Promise.all(browsers.map((x, i) => x.get(`/api/oauth/github?code=${gh.codeFor(twin)}&state=${states[i]}`)));
    const ids = new Set(results.filter((r) => r.body.success === true).map((r) => r.body.data.id as number));
    expect(ids.size).toBe(1);
    const rows = (await t.app.get(DatabaseService).manager.query(`SELECT id FROM users WHERE github_id = '${twin.id}'`)) as unknown[];
    expect(rows).toHaveLength(1);
    for (const r of results.filter((x) => x.body.success !== true)) expect(r.body.message).toBe('This GitHub account is already bound to another user');
  });

  it('a bind POST without the New-Api-User header is refused (the console always sends it)', async () => {
    const b = Browser.from((await newUser(t.url)).caller, t.url);
    const st = (await b.state()).body.data as string;
    const res = await b.post('/api/oauth/github', { code: gh.codeFor(ghUser()), state: st }, false);
    expect(res.status).toBe(401);
    expect((await b.self()).github_id).toBe('');
  });

  it('unbinding keeps the last sign-in method; registration off refuses new accounts only', async () => {
    const user = ghUser();
    const b = new Browser(t.url);
    const res = await signIn(b, user);
    b.userId = res.body.data.id as number;
    // An account made by GitHub has no password: GitHub is its only way in.
    const last = await b.post('/api/oauth/github/unbind', {});
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('Cannot unbind the last sign-in method; set a password or bind another account first');
    expect((await b.self()).github_id).toBe(String(user.id));
    // With a password set, unbinding works, and the GitHub id is free again.
    expect((await b.put('/api/user/self', { password: 'newpassword1' })).body.success).toBe(true);
    expect((await b.post('/api/oauth/github/unbind', {})).body).toEqual({ success: true, message: '' });
    expect((await b.self()).github_id).toBe('');

    await setOptions(root, { RegisterEnabled: 'false' });
    try {
      const users = await userCount(t);
      const refused = await signIn(new Browser(t.url), ghUser());
      expect(refused.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The administrator has turned off registration' });
      expect(await userCount(t)).toBe(users);
    } finally {
      await setOptions(root, { RegisterEnabled: 'true' });
    }
  });

  it('turned off or without a secret the provider refuses; the secret is in no response or log', async () => {
    const options = JSON.stringify((await root.get('/api/option/').expect(200)).body);
    expect(options).not.toContain(CLIENT_SECRET);
    expect(options).not.toContain('GitHubClientSecret');
    await setOptions(root, { GitHubOAuthEnabled: 'false' });
    try {
      const b = new Browser(t.url);
      const res = await signIn(b, ghUser());
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The administrator has not enabled sign-in with GitHub' });
    } finally {
      await setOptions(root, { GitHubOAuthEnabled: 'true' });
    }
    expect(await allLogText(t)).not.toContain(CLIENT_SECRET);
  });
});
