import { execFile } from 'node:child_process';
import { FakeDify } from './dify';

/**
 * The fake Dify app API must speak the wire Dify's clients expect: the official `dify-client`
 * package drives it (blocking and streaming chat messages, a typed 401). The package is an ES
 * module only, which this CommonJS test runner cannot load, so each call runs in a child node
 * process that prints what the client got.
 */
function difyClient(baseUrl: string, key: string, call: 'blocking' | 'streaming', query: string): Promise<{ ok: true; data: unknown; events?: string } | { ok: false; status: number; data: unknown }> {
  const script = `
    import { ChatClient } from 'dify-client';
    const [baseUrl, key, call, query] = process.argv.slice(1);
    const client = new ChatClient(key, baseUrl);
    try {
      const res = await client.createChatMessage({}, query, 'sdk-proof-user', call === 'streaming');
      if (call !== 'streaming') {
        console.log(JSON.stringify({ ok: true, data: res.data }));
      } else {
        let events = '';
        for await (const chunk of res.data) events += chunk.toString('utf8');
        console.log(JSON.stringify({ ok: true, data: null, events }));
      }
    } catch (err) {
      console.log(JSON.stringify({ ok: false, status: err.response?.status ?? 0, data: err.response?.data ?? String(err) }));
    }
  `;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script, baseUrl, key, call, query], { cwd: __dirname, timeout: 20_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? 'null'));
    });
  });
}

describe('FakeDify app API, driven by the official dify-client package', () => {
  const key = 'app-sdkProofDify0123456789';
  let fake: FakeDify;

  beforeAll(async () => {
    fake = await new FakeDify({ key, reply: 'Hello from the Dify app.' }).start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('a blocking chat message: the client sends the documented body and reads the answer with its usage', async () => {
    const got = await difyClient(`${fake.url}/v1`, key, 'blocking', 'Say hello please');
    expect(got).toMatchObject({ ok: true, data: { event: 'message', mode: 'chat', answer: 'Hello from the Dify app.', metadata: { usage: { prompt_tokens: 3, completion_tokens: 5 } } } });
    expect(fake.last()).toMatchObject({ path: '/v1/chat-messages', json: { inputs: {}, query: 'Say hello please', user: 'sdk-proof-user', response_mode: 'blocking' } });
    expect(fake.last().headers.authorization).toBe(`Bearer ${key}`);
  });

  it('a streaming chat message: server-sent events, the answer word by word, message_end with the usage', async () => {
    const got = await difyClient(`${fake.url}/v1`, key, 'streaming', 'Say hello please');
    expect(got.ok).toBe(true);
    const events = ((got as { events: string }).events.match(/^data: .*$/gm) ?? []).map((l) => JSON.parse(l.slice(6)) as { event: string; answer?: string; metadata?: unknown });
    expect(events.filter((e) => e.event === 'message').map((e) => e.answer).join('')).toBe('Hello from the Dify app.');
    expect(events.at(-1)).toMatchObject({ event: 'message_end', metadata: { usage: { prompt_tokens: 3, completion_tokens: 5 } } });
    expect(fake.last().json).toMatchObject({ response_mode: 'streaming' });
  });

  it("a wrong app key is Dify's 401 body", async () => {
    const got = await difyClient(`${fake.url}/v1`, 'app-wrong', 'blocking', 'x');
    expect(got).toEqual({ ok: false, status: 401, data: { code: 'unauthorized', message: 'Access token is invalid', status: 401 } });
  });
});
