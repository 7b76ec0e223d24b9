import request from 'supertest';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { FakeLinuxDo, type LinuxDoUser } from '../support/fakes/linuxdo';
import { loginRoot, newUser, type Caller } from '../support/http';
import { Browser, allLogText, setOptions, userCount } from './oauth-kit';

const CLIENT_ID = 'linuxdo-client-77';
const CLIENT_SECRET = 'linuxdo-client-secret-3c1a9e';
const SERVER = 'https://gw.example.com';

let nextId = 80_000;
const ldUser = (extra: Partial<LinuxDoUser> = {}): LinuxDoUser => {
  nextId += 1;
  return { id: nextId, username: `ld${nextId}`, trust_level: 2, ...extra };
};

/** Issue 17, LinuxDO Connect: the GitHub flow against connect.linux.do, plus the trust level. */
describe.each(DATABASES)('LinuxDO sign-in (%s)', (kind) => {
  let t: TestApp;
  let ld: FakeLinuxDo;
  let root: Caller;

  beforeAll(async () => {
    ld = new FakeLinuxDo(CLIENT_ID, CLIENT_SECRET);
    await ld.start();
    t = await startApp(kind, { ...matrixOptions(kind), env: { LINUXDO_OAUTH_URL: ld.url } });
    root = await loginRoot(t.url);
    await setOptions(root, {
      ServerAddress: SERVER,
      LinuxDOOAuthEnabled: 'true',
      LinuxDOClientId: CLIENT_ID,
      LinuxDOClientSecret: CLIENT_SECRET,
      LinuxDoMinLevel: '1',
      QuotaForNewUser: '50',
      QuotaForInvitee: '5',
      QuotaForInviter: '9',
    });
  });
  afterAll(async () => {
    await t.close();
    await ld.stop();
  });

  const signIn = async (b: Browser, user: LinuxDoUser, stateQuery = '') => {
    const st = (await b.state(stateQuery)).body.data as string;
    return b.get(`/api/oauth/linuxdo?code=${ld.codeFor(user)}&state=${st}`);
  };

  it('the redirect URI comes from ServerAddress, never from the Host header', async () => {
    const b = new Browser(t.url);
    const st = await b.get('/api/oauth/state?provider=linuxdo');
    const authorize = new URL(st.body.authorize_url as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${ld.url}/oauth2/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SERVER}/oauth/linuxdo`);
    expect(authorize.searchParams.get('state')).toBe(st.body.data);
    const res = await request(t.url)
      .get(`/api/oauth/linuxdo?code=${ld.codeFor(ldUser())}&state=${st.body.data as string}`)
      .set('Host', 'evil.example.net')
      .set('X-Forwarded-Host', 'evil.example.net')
      .set('Cookie', `oauth_binding=${b.cookies.get('oauth_binding')}`);
    expect(res.body.success).toBe(true);
    expect(ld.tokenCalls.at(-1)).toEqual({ redirectUri: `${SERVER}/oauth/linuxdo`, basic: `${CLIENT_ID}:${CLIENT_SECRET}` });
  });

  it('registers with the aff of the state, then signs the same id in again', async () => {
    const inviter = await newUser(t.url);
    const aff = (await inviter.caller.get('/api/user/aff').expect(200)).body.data as string;
    const user = ldUser({ trust_level: 3 });
    const b = new Browser(t.url);
    const res = await signIn(b, user, `?aff=${aff}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data.username).toMatch(/^linuxdo_/);
    b.userId = res.body.data.id as number;
    expect(await b.self()).toMatchObject({ linuxdo_id: String(user.id), linuxdo_level: 3, quota: 55, inviter_id: inviter.caller.userId });
    expect((await inviter.caller.get('/api/user/self')).body.data).toMatchObject({ aff_count: 1, aff_quota: 9 });
    const again = await signIn(new Browser(t.url), { ...user, username: 'renamed' });
    expect(again.body.data.id).toBe(res.body.data.id);
  });

  it('refuses a trust level below LinuxDoMinLevel, an inactive or silenced account, a failing server', async () => {
    const users = await userCount(t);
    const low = await signIn(new Browser(t.url), ldUser({ trust_level: 0 }));
    expect(low.status).toBe(403);
    expect(low.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'LinuxDO trust level too low: 1 required, yours is 0' });
    await setOptions(root, { LinuxDoMinLevel: '3' });
    try {
      const two = await signIn(new Browser(t.url), ldUser({ trust_level: 2 }));
      expect(two.body.message).toBe('LinuxDO trust level too low: 3 required, yours is 2');
    } finally {
      await setOptions(root, { LinuxDoMinLevel: '1' });
    }
    expect((await root.put('/api/option/', { key: 'LinuxDoMinLevel', value: '5' })).body.success).toBe(false);
    const silenced = await signIn(new Browser(t.url), ldUser({ silenced: true }));
    expect(silenced.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The LinuxDO account is not active or is silenced' });
    const inactive = await signIn(new Browser(t.url), ldUser({ active: false }));
    expect(inactive.body.success).toBe(false);
    ld.down = true;
    try {
      const down = await signIn(new Browser(t.url), ldUser());
      expect(down.status).toBe(502);
      expect(down.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'Sign-in with LinuxDO failed, please retry later' });
    } finally {
      ld.down = false;
    }
    // A reused state.
    const b = new Browser(t.url);
    const st = (await b.state()).body.data as string;
    expect((await b.get(`/api/oauth/linuxdo?code=${ld.codeFor(ldUser())}&state=${st}`)).body.success).toBe(true);
    const users2 = await userCount(t);
    expect((await b.get(`/api/oauth/linuxdo?code=${ld.codeFor(ldUser())}&state=${st}`)).status).toBe(403);
    expect(await userCount(t)).toBe(users2);
    expect(users2).toBe(users + 1);
  });

  it('binds by POST, refuses an id bound elsewhere, and never writes the secret anywhere', async () => {
    const b = Browser.from((await newUser(t.url)).caller, t.url);
    const user = ldUser({ trust_level: 4 });
    const st = (await b.state()).body.data as string;
    expect((await b.get(`/api/oauth/linuxdo?code=${ld.codeFor(user)}&state=${st}`)).status).toBe(405);
    const bound = await b.post('/api/oauth/linuxdo', { code: ld.codeFor(user), state: st });
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect(await b.self()).toMatchObject({ linuxdo_id: String(user.id), linuxdo_level: 4 });
    const other = Browser.from((await newUser(t.url)).caller, t.url);
    const st2 = (await other.state()).body.data as string;
    const refused = await other.post('/api/oauth/linuxdo', { code: ld.codeFor(user), state: st2 });
    expect(refused.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'This LinuxDO account is already bound to another user' });
    expect((await other.self()).linuxdo_id).toBe('');

    const options = JSON.stringify((await root.get('/api/option/')).body);
    expect(options).not.toContain(CLIENT_SECRET);
    expect(await allLogText(t)).not.toContain(CLIENT_SECRET);
  });

  it('without ServerAddress the exchange is refused (no redirect URI is made up from the request)', async () => {
    await setOptions(root, { ServerAddress: '' });
    try {
      const res = await signIn(new Browser(t.url), ldUser());
      expect(res.body).toEqual({ success: false, code: expect.stringMatching(/^[a-z]+\.[a-z0-9_]+$/), message: 'The administrator has not set the server address; sign-in with LinuxDO cannot complete' });
    } finally {
      await setOptions(root, { ServerAddress: SERVER });
    }
  });
});
