import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chatChunk, FakeOpenAI } from '../support/fakes/openai-upstream';
import { Caller, loginRoot, newUser } from '../support/http';
import { freePort } from '../support/process';

const ROOT = resolve(__dirname, '../..');
const KEY = 'sk-upstream-crash-0123456789abcdefghijk';

async function waitFor<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A gateway killed with SIGKILL in the middle of a stream leaves an open hold with a checkpoint;
 * started again, its sweeper settles the hold at the checkpoint (money rule 5): one consume log,
 * and the balance moves by exactly that log's quota (the rest of the hold comes back). A graceful
 * stop writes the settlements still waiting for their shared commit before the database closes.
 * SQLite only: the gateway runs as a child process on a temp file.
 */
describe('relay crash recovery (sqlite, child process)', () => {
  let dir: string;
  let port: number;
  let child: ChildProcess | null = null;
  let fake: FakeOpenAI;

  const env = () => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dir, 'gw.sqlite')}`,
    ENCRYPTION_KEY: 'crash-test-encryption-key-0123456789',
    CONSOLE_DIST: 'off',
    LOG_LEVEL: 'error',
    GLOBAL_API_RATE_LIMIT: '0',
    GLOBAL_WEB_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    HOLD_SWEEP_AFTER_SECONDS: '1',
    REDIS_URL: '',
    SLUICE_WORKERS: '1',
  });
  const base = () => `http://127.0.0.1:${port}`;

  async function startGateway(): Promise<void> {
    child = spawn(process.execPath, ['server/dist/main.js'], { cwd: ROOT, env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor('the gateway to listen', async () => ((await fetch(`${base()}/api/status`)).status === 200 ? true : null), 60_000);
  }

  beforeAll(async () => {
    const build = spawnSync('npx', ['tsc', '-p', 'server/tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });
    if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}\n${build.stderr}`);
    dir = mkdtempSync(join(tmpdir(), 'sluice-crash-'));
    port = await freePort();
    fake = await new FakeOpenAI({ key: KEY }).start();
  }, 300_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('settles the orphaned hold at its checkpoint after a restart', async () => {
    await startGateway();
    const root = await loginRoot(base());
    for (const [key, value] of [
      ['AllowPrivateUpstreamEnabled', 'true'],
      ['ModelRatio', JSON.stringify({ 'crash-model': 1 })],
      ['CompletionRatio', JSON.stringify({ 'crash-model': 1 })],
    ]) {
      expect((await root.put('/api/option/', { key, value })).body.success).toBe(true);
    }
    expect((await root.post('/api/channel/', { name: 'slow', type: 1, key: KEY, base_url: fake.url, models: 'crash-model', group: 'default' })).body.success).toBe(true);
    const { caller, username } = await newUser(base());
    expect((await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1_000_000 })).body.success).toBe(true);
    const created = await caller.post('/api/token/', { name: 'crash', group: 'default', unlimited_quota: true, expired_time: -1 });
    const key = `sk-${created.body.data[0].key as string}`;
    const quotaOf = async (c: Caller) => (await c.get('/api/user/self')).body.data.quota as number;
    const before = await quotaOf(caller);

    // 40 words, one every 700 ms: the relay checkpoints after 5 s; the process dies at about 6.5 s.
    const words = Array.from({ length: 40 }, (_, i) => chatChunk({ content: `w${i} ` }));
    fake.next({ kind: 'stream', chunks: [chatChunk({ role: 'assistant', content: '' }), ...words, chatChunk({}, 'stop')], chunkDelayMs: 700 });
    const res = await fetch(`${base()}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'crash-model', messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const dec = new TextDecoder();
    let text = '';
    while ((text.match(/"content":"w\d+ "/g) ?? []).length < 9) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before the kill');
      text += dec.decode(value, { stream: true });
    }
    // While the stream runs, the hold is reserved: the balance is below where it started.
    const during = await quotaOf(caller);
    expect(during).toBeLessThan(before);

    child?.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    await reader.cancel().catch(() => undefined);
    child = null;
    // Nothing was settled before the crash.
    await startGateway();
    const root2 = await loginRoot(base());
    const logs = await waitFor(
      'the sweeper to settle the hold',
      async () => {
        const r = await root2.get(`/api/log/?p=0&page_size=10&type=2&username=${username}`);
        const items = r.body.data.items as { quota: number; request_id: string; model_name: string }[];
        return items.length > 0 ? items : null;
      },
      60_000,
    );
    expect(logs).toHaveLength(1);
    const log = logs[0] as { quota: number; model_name: string };
    expect(log.model_name).toBe('crash-model');
    // At the checkpoint: the prompt estimate (8) plus at least the 5 s of words before it, never the whole reply.
    expect(log.quota).toBeGreaterThan(8);
    expect(log.quota).toBeLessThan(8 + 40 * 2);
    const after = await quotaOf(caller);
    expect(before - after).toBe(log.quota);
  }, 180_000);

  // Uses the channel and options the test above set up (same database file).
  it('a graceful stop right after an answer still writes its settlement before the database closes', async () => {
    if (!child) await startGateway();
    const root = await loginRoot(base());
    const { caller, username } = await newUser(base());
    expect((await root.post('/api/user/manage', { id: caller.userId, action: 'add_quota', value: 1_000_000 })).body.success).toBe(true);
    const created = await caller.post('/api/token/', { name: 'stop', group: 'default', unlimited_quota: true, expired_time: -1 });
    const key = `sk-${created.body.data[0].key as string}`;
    const before = (await caller.get('/api/user/self')).body.data.quota as number;

    fake.next({ kind: 'json', body: { id: 'c1', object: 'chat.completion', created: 1, model: 'crash-model', choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }], usage: { prompt_tokens: 30, completion_tokens: 20, total_tokens: 50 } } });
    const res = await fetch(`${base()}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
      body: JSON.stringify({ model: 'crash-model', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
    // The settlement waits to share a commit; the stop must write it, not leave the hold to the sweeper.
    const exited = new Promise<number | null>((r) => child?.once('exit', (code) => r(code)));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = null;

    await startGateway();
    const root2 = await loginRoot(base());
    const r = await root2.get(`/api/log/?p=0&page_size=10&type=2&username=${username}`);
    const items = r.body.data.items as { quota: number; prompt_tokens: number; completion_tokens: number; content: string }[];
    // Settled from the answer's own usage (a sweeper refund would leave no log at all).
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ prompt_tokens: 30, completion_tokens: 20, quota: 50 });
    expect(before - ((await caller.get('/api/user/self')).body.data.quota as number)).toBe(50);
  }, 180_000);
});
