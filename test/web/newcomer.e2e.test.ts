// What a newcomer meets first (issue 13 item 10): real logo and favicon images, hashed console
// assets cached for a year and never counted as page loads, a JSON content type with an empty
// body accepted, the .env file read at start, and a .dockerignore that keeps data/ out of images.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { loadConfig } from '../../server/src/config/app-config';
import { withDotEnv } from '../../server/src/config/dotenv';
import { startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, newUser } from '../support/http';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(DATABASES)('newcomer (%s)', (kind) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'sluice-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    t = await startApp(kind, { env: { CONSOLE_DIST: dist, GLOBAL_WEB_RATE_LIMIT: '3', GLOBAL_WEB_RATE_LIMIT_DURATION: '180' } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves /logo.png (the status object\'s default logo) and /favicon.ico as images', async () => {
    const status = await request(t.url).get('/api/status').expect(200);
    expect(status.body.data.logo).toBe('/logo.png');
    const logo = await request(t.url).get('/logo.png').buffer(true).expect(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((logo.body as Buffer).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const icon = await request(t.url).get('/favicon.ico').buffer(true).expect(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect([...(icon.body as Buffer).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  });

  it('serves hashed assets immutable for a year and never counts them as page loads', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await request(t.url).get('/assets/index-abc123.js').expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // A chunk of an older build: a 404, not the page, and not a page load either.
    const gone = await request(t.url).get('/assets/index-old999.js');
    expect(gone.status).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/text\/html/);
    // The three page loads of the window are still all there.
    for (let i = 0; i < 3; i++) {
      const page = await request(t.url).get(`/some/page/${i}`).expect(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.text).toContain('<div id="root">');
    }
    await request(t.url).get('/one/too/many').expect(429);
  });

  it('accepts a JSON content type with an empty body (DELETE from common clients)', async () => {
    const root = await loginRoot(t.url);
    const { caller } = await newUser(t.url);
    const del = await root.delete(`/api/user/${caller.userId}`).set('Content-Type', 'application/json');
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ success: true });
    const logout = await request(t.url).get('/api/user/logout').set('Content-Type', 'application/json');
    expect(logout.body).toMatchObject({ success: true });
    // Broken JSON and prototype poisoning are still refused.
    const broken = await root.put('/api/option/').set('Content-Type', 'application/json').send('{"key":');
    expect(broken.status).toBe(400);
    const poisoned = await root.put('/api/option/').set('Content-Type', 'application/json').send('{"__proto__":{"x":1},"key":"Notice","value":"a"}');
    expect(poisoned.status).toBe(400);
  });
});

describe('configuration and packaging', () => {
  it('reads .env from the working directory at start, under the real environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-envfile-'));
    writeFileSync(join(dir, '.env'), 'PORT=4123\nHOST=0.0.0.0\nLOG_LEVEL=warn\n');
    const config = loadConfig(withDotEnv({ LOG_LEVEL: 'error' }, dir), dir);
    expect(config.port).toBe(4123);
    expect(config.host).toBe('0.0.0.0');
    expect(config.logLevel).toBe('error');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps data/, .git, node_modules, dist and .env out of docker images', () => {
    const lines = readFileSync(resolve(__dirname, '../../.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    for (const entry of ['data/', '.git', '**/node_modules', '**/dist', '.env']) expect(lines).toContain(entry);
  });
});
