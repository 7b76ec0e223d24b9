import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createChannel, createToken, fundedUser, relayIdle, setOption, startRelayKit, type RelayKit } from './relay-kit';

// A collection on demand: what the process still holds once the streams are open.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

const STREAMS = 12;
const PROMPT_BYTES = 512 * 1024;
const MB = 1024 * 1024;

/**
 * A streamed answer's long prompt is not kept while the stream runs (issue 28, lighter streams):
 * once the answer's first byte is out the relay lets the client's request go, and the upstream
 * body goes once it is written. The app runs in this process, so what it keeps shows in the
 * process's heap and array buffers: 12 streams held open with a 512 KB prompt each would keep
 * 6 MB per copy of the prompt (the parsed request, undici's upstream body). Neither the client
 * nor the fake keeps one: the client writes its bytes with node:http (nothing kept once written),
 * the fake reads the upstream body as bytes and drops them.
 */
describe('a held stream keeps no copy of its prompt (sqlite)', () => {
  let kit: RelayKit;
  let upstream: Server;
  let key: string;
  /** Ends each held answer (its finish, usage and [DONE]). */
  const held: (() => void)[] = [];
  let upstreamBytes = 0;
  /** Padding of the first content delta, written in one piece with the answer's head. */
  let firstPad = 0;

  beforeAll(async () => {
    kit = await startRelayKit('sqlite');
    // An OpenAI upstream that answers the start of a stream and holds it open until released.
    upstream = createServer((req: IncomingMessage, res: ServerResponse) => {
      req.on('data', (c: Buffer) => (upstreamBytes += c.length));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'held-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.write(`${chunk({ role: 'assistant', content: '' }, null)}${chunk({ content: `Hello${' '.repeat(firstPad)}` }, null)}`);
        const usage = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'held-model', choices: [], usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 } };
        held.push(() => res.end(`${chunk({}, 'stop')}data: ${JSON.stringify(usage)}\n\ndata: [DONE]\n\n`));
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const port = (upstream.address() as AddressInfo).port;
    await setOption(kit.root, 'ModelRatio', { 'held-model': 1 });
    await createChannel(kit.root, { key: 'sk-held-upstream-0123456789', base_url: `http://127.0.0.1:${port}`, models: 'held-model' });
    const user = await fundedUser(kit, 100_000_000);
    key = (await createToken(user.caller, { name: 'held' })).key;
  });
  afterAll(async () => {
    for (const end of held.splice(0)) end();
    await new Promise<void>((r) => upstream.close(() => r()));
    await kit.close();
  });

  const HEAD = Buffer.from('{"model":"held-model","stream":true,"messages":[{"role":"user","content":"');
  const TAIL = Buffer.from('"}]}');
  const BODY_BYTES = HEAD.length + PROMPT_BYTES + TAIL.length;

  /** The request's JSON, made as bytes (no string of the prompt in this process), kept by no closure. */
  function body(): Buffer {
    const b = Buffer.alloc(BODY_BYTES);
    HEAD.copy(b, 0);
    b.fill('word ', HEAD.length, HEAD.length + PROMPT_BYTES);
    TAIL.copy(b, HEAD.length + PROMPT_BYTES);
    return b;
  }

  /**
   * A chat stream (a long prompt unless given another body's maker and length); resolves at its
   * first content. The body is made where it is written: a variable holding it would be kept by
   * the answer's callbacks for as long as the stream is held.
   */
  function openStream(make: () => Buffer = body, length = BODY_BYTES): Promise<{ first: string; rest: Promise<string> }> {
    const url = new URL(`${kit.t.url}/v1/chat/completions`);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': length } },
        (res) => {
          res.setEncoding('utf8');
          let text = '';
          let opened = false;
          const rest = new Promise<string>((done) => res.on('end', () => done(text)));
          res.on('data', (s: string) => {
            text += s;
            if (!opened && text.includes('Hello')) {
              opened = true;
              resolve({ first: text, rest });
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(make());
    });
  }

  const settle = async (): Promise<NodeJS.MemoryUsage> => {
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      gc();
    }
    return process.memoryUsage();
  };

  it('twelve streams of a 512 KB prompt, held open, add well under one copy of their prompts', async () => {
    const before = await settle();
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream());
    // Every upstream got its whole body.
    expect(upstreamBytes).toBeGreaterThan(STREAMS * PROMPT_BYTES);
    const during = await settle();
    const heapMb = (during.heapUsed - before.heapUsed) / MB;
    const buffersMb = (during.arrayBuffers - before.arrayBuffers) / MB;
    // One copy of every prompt is 6 MB; what a stream itself keeps is some KB.
    expect(heapMb).toBeLessThan(3);
    expect(buffersMb).toBeLessThan(3);
    for (const end of held.splice(0)) end();
    const texts = await Promise.all(streams.map((s) => s.rest));
    for (const t of texts) expect(t.trimEnd().endsWith('data: [DONE]')).toBe(true);
    await relayIdle(kit);
  });

  it('a stream whose head came with a long first event keeps neither once it is held', async () => {
    // The head and a 60 KB first event arrive in one socket read: undici's raw header names and
    // values are slices of it, so keeping them would keep the whole read for the stream's life.
    firstPad = 60 * 1024;
    const short = '{"model":"held-model","stream":true,"messages":[{"role":"user","content":"hi"}]}';
    const count = 24;
    try {
      const before = await settle();
      const streams: Awaited<ReturnType<typeof openStream>>[] = [];
      for (let i = 0; i < count; i++) streams.push(await openStream(() => Buffer.from(short), Buffer.byteLength(short)));
      const during = await settle();
      // One read per stream is 1.4 MB in all; what the streams keep of it is a few KB.
      expect((during.arrayBuffers - before.arrayBuffers) / MB).toBeLessThan(0.4);
      for (const end of held.splice(0)) end();
      const texts = await Promise.all(streams.map((s) => s.rest));
      for (const t of texts) {
        expect(t).toContain(`Hello${' '.repeat(firstPad)}`);
        expect(t.trimEnd().endsWith('data: [DONE]')).toBe(true);
      }
      await relayIdle(kit);
    } finally {
      firstPad = 0;
    }
  });
});
