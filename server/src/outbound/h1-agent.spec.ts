import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo, type LookupFunction, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { errors, type Dispatcher } from 'undici';
import { H1Agent, type H1AgentOptions, type H1DispatchOptions } from './h1-agent';

/**
 * H1Agent against real loopback servers: `node:net` servers that write crafted raw bytes (and read
 * the raw request), `node:http` and `node:https` servers. Nothing of the sockets is mocked.
 */

type Hook = (controller: Dispatcher.DispatchController, rec: Recorder) => void;

interface Hooks {
  start?: Hook;
  head?: Hook;
  data?: (controller: Dispatcher.DispatchController, chunk: Buffer, rec: Recorder) => void;
}

/** A dispatch handler that records everything it hears, in order. */
class Recorder implements Dispatcher.DispatchHandler {
  controller: Dispatcher.DispatchController | null = null;
  status = 0;
  headers: Record<string, string | string[] | undefined> = {};
  /** The pieces as given (not copied: a piece that aliased a reused buffer would show). */
  chunks: Buffer[] = [];
  ended = false;
  error: Error | null = null;
  events: string[] = [];
  headAt = 0;
  settledAt = 0;
  readonly settled: Promise<void>;
  private settle: () => void = () => undefined;

  constructor(private readonly hooks: Hooks = {}) {
    this.settled = new Promise<void>((resolve) => (this.settle = resolve));
  }

  get body(): Buffer {
    return Buffer.concat(this.chunks);
  }

  get bytes(): number {
    return this.chunks.reduce((n, c) => n + c.length, 0);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    this.events.push('start');
    this.hooks.start?.(controller, this);
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = status;
    this.headers = headers;
    this.headAt = Date.now();
    this.events.push(`head ${status}`);
    this.hooks.head?.(controller, this);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    if (this.events[this.events.length - 1] !== 'data') this.events.push('data');
    this.hooks.data?.(controller, chunk, this);
  }

  onResponseEnd(): void {
    this.ended = true;
    this.events.push('end');
    this.settledAt = Date.now();
    this.settle();
  }

  onResponseError(_controller: Dispatcher.DispatchController, err: Error): void {
    this.error = err;
    this.events.push('error');
    this.settledAt = Date.now();
    this.settle();
  }
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** A few turns of the event loop: bytes written on loopback before are read by the peer meanwhile. */
const turns = async (n = 3): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_r, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await delay(5);
  expect(cond()).toBe(true);
}

// ---- servers and agents, all closed after each spec ----

const cleanups: Array<() => Promise<void>> = [];
const agents: H1Agent[] = [];

afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  // Every server socket is gone, so no request is left in flight; the race only guards a bug.
  await within(Promise.all(agents.splice(0).map((a) => a.close())), 2000, 'agent.close() after the spec').catch(() => undefined);
});

function agent(options: Partial<H1AgentOptions> = {}): H1Agent {
  const a = new H1Agent({ connectTimeoutMs: 2000, keepAliveMs: 10_000, ...options });
  agents.push(a);
  return a;
}

async function listen(server: NetServer): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

function closeLater(server: NetServer, sockets: Set<Socket> | Socket[]): void {
  cleanups.push(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });
}

interface RawRequest {
  /** Request line and headers as the bytes came (latin1), without the blank line. */
  head: string;
  headBytes: Buffer;
  body: Buffer;
  socket: Socket;
  /** Index of the server-side connection it came on. */
  conn: number;
  path: string;
  method: string;
}

interface RawServer {
  port: number;
  origin: string;
  /** Server-side connections in accept order. */
  sockets: Socket[];
  requests: RawRequest[];
  /** Indexes of the server-side connections closed so far. */
  closed: Set<number>;
}

type Responder = (req: RawRequest, raw: RawServer) => void | Promise<void>;

/** A TCP server that reads each HTTP/1.1 request (head and content-length body) and lets `respond` write raw bytes. */
async function rawServer(respond: Responder): Promise<RawServer> {
  const raw: RawServer = { port: 0, origin: '', sockets: [], requests: [], closed: new Set() };
  const server = createNetServer((socket) => {
    const conn = raw.sockets.push(socket) - 1;
    socket.setNoDelay(true);
    socket.on('error', () => undefined);
    socket.on('close', () => raw.closed.add(conn));
    let pending = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      for (;;) {
        const stop = pending.indexOf('\r\n\r\n');
        if (stop < 0) return;
        const head = pending.toString('latin1', 0, stop);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (pending.length < stop + 4 + length) return;
        const [method = '', path = ''] = head.split(' ');
        const req: RawRequest = { head, headBytes: pending.subarray(0, stop), body: pending.subarray(stop + 4, stop + 4 + length), socket, conn, path, method };
        pending = pending.subarray(stop + 4 + length);
        raw.requests.push(req);
        void respond(req, raw);
      }
    });
  });
  raw.port = await listen(server);
  raw.origin = `http://127.0.0.1:${raw.port}`;
  closeLater(server, raw.sockets);
  return raw;
}

/** Writes `bytes` in two writes split at `at`, the second once the client has read the first. */
async function writeSplit(socket: Socket, bytes: Buffer, at: number): Promise<void> {
  socket.write(bytes.subarray(0, at));
  await turns();
  socket.write(bytes.subarray(at));
}

function send(a: H1Agent, o: Partial<H1DispatchOptions> & { origin: string }, hooks?: Hooks): Recorder {
  const rec = new Recorder(hooks);
  a.dispatch({ path: '/', method: 'GET', headersTimeout: 5000, bodyTimeout: 5000, ...o }, rec);
  return rec;
}

async function fetchRec(a: H1Agent, o: Partial<H1DispatchOptions> & { origin: string }, hooks?: Hooks): Promise<Recorder> {
  const rec = send(a, o, hooks);
  await within(rec.settled, 3000, `${o.method ?? 'GET'} ${o.path ?? '/'}`);
  return rec;
}

/** A lookup that answers every name with `address` (as Node's, in both of its forms). */
function lookupTo(address: string): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (err: Error | null, a: string | { address: string; family: number }[], f?: number) => void) => {
    if (options.all) cb(null, [{ address, family: 4 }]);
    else cb(null, address, 4);
  }) as LookupFunction;
}

/** Every split of `response` in two reads, on one kept-alive connection; returns what went wrong per split. */
async function everySplit(response: Buffer, check: (rec: Recorder, at: number) => string | null): Promise<{ failures: string[]; raw: RawServer }> {
  let at = 0;
  const raw = await rawServer((req) => writeSplit(req.socket, response, at));
  const a = agent();
  const failures: string[] = [];
  for (at = 1; at < response.length; at++) {
    const rec = await fetchRec(a, { origin: raw.origin, path: `/split/${at}` });
    const problem = rec.error !== null ? `error ${rec.error.name}: ${rec.error.message}` : check(rec, at);
    if (problem !== null) failures.push(`split at ${at} (${JSON.stringify(response.toString('latin1', Math.max(0, at - 6), at))}|${JSON.stringify(response.toString('latin1', at, at + 6))}): ${problem}`);
  }
  return { failures, raw };
}

// ---- fixtures ----

/** Chunk pieces with their size lines: extensions, upper- and lower-case hex, leading zeros, CRLFs inside the data. */
const CHUNKS: Array<[string, Buffer]> = [
  ['5;ext=1', Buffer.from('hello')],
  ['A', Buffer.from(', chunked!')],
  ['a;name="x y"', Buffer.from('\r\n0\r\n\r\nxyz')],
  ['1B', Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ!')],
  ['01f', Buffer.from(Array.from({ length: 31 }, (_v, i) => (i * 37 + 200) & 0xff))],
];
const CHUNKED_PAYLOAD = Buffer.concat(CHUNKS.map(([, data]) => data));
const CHUNKED_RESPONSE = Buffer.concat([
  Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Sum\r\n\r\n'),
  ...CHUNKS.flatMap(([size, data]) => [Buffer.from(`${size}\r\n`), data, Buffer.from('\r\n')]),
  Buffer.from('0\r\nX-Sum: 42\r\nX-Other: y\r\n\r\n'),
]);

const CL_HEAD = 'HTTP/1.1 200 OK\r\nContent-Length: 12\r\nX-A: b\r\n\r\n';
const CL_RESPONSE = Buffer.from(`${CL_HEAD}hello\r\nworld`);

describe('H1Agent', () => {
  it('the chunk fixture is what it claims (sizes match the data)', () => {
    for (const [size, data] of CHUNKS) expect(parseInt(size, 16)).toBe(data.length);
    expect(CHUNKED_PAYLOAD.length).toBe(5 + 10 + 10 + 27 + 31);
  });

  describe('framing of the answer', () => {
    it('parses a chunked answer (extensions, upper/lower-case hex sizes, trailers) split at every byte boundary, on one connection', async () => {
      const { failures, raw } = await everySplit(CHUNKED_RESPONSE, (rec) => {
        if (rec.status !== 200 || !rec.ended) return `status ${rec.status}, ended ${rec.ended}`;
        if (!rec.body.equals(CHUNKED_PAYLOAD)) return `body ${JSON.stringify(rec.body.toString('latin1'))}`;
        if (rec.headers['transfer-encoding'] !== 'chunked') return `headers ${JSON.stringify(rec.headers)}`;
        return null;
      });
      expect(failures).toEqual([]);
      // The trailers' last CRLF was consumed: the connection was reused for every answer.
      expect(raw.sockets.length).toBe(1);
    });

    it('parses a chunked answer delivered one byte per read', async () => {
      const raw = await rawServer(async (req) => {
        for (let i = 0; i < CHUNKED_RESPONSE.length; i++) {
          req.socket.write(CHUNKED_RESPONSE.subarray(i, i + 1));
          await turns(2);
        }
      });
      const a = agent();
      const rec = await fetchRec(a, { origin: raw.origin });
      expect(rec.error).toBeNull();
      expect(rec.status).toBe(200);
      expect(rec.body.equals(CHUNKED_PAYLOAD)).toBe(true);
      expect(rec.ended).toBe(true);
      const again = await fetchRec(a, { origin: raw.origin });
      expect(again.body.equals(CHUNKED_PAYLOAD)).toBe(true);
      expect(raw.sockets.length).toBe(1);
    });

    it('parses a content-length answer split at every byte boundary, on one connection', async () => {
      let splitBodies = 0;
      const { failures, raw } = await everySplit(CL_RESPONSE, (rec, at) => {
        if (rec.status !== 200 || !rec.ended) return `status ${rec.status}, ended ${rec.ended}`;
        if (rec.body.toString('latin1') !== 'hello\r\nworld') return `body ${JSON.stringify(rec.body.toString('latin1'))}`;
        if (JSON.stringify(rec.headers) !== JSON.stringify({ 'content-length': '12', 'x-a': 'b' })) return `headers ${JSON.stringify(rec.headers)}`;
        if (at > CL_HEAD.length && rec.chunks.length === 2) splitBodies++;
        return null;
      });
      expect(failures).toEqual([]);
      // The premise: a split inside the body did come in two reads.
      expect(splitBodies).toBe(CL_RESPONSE.length - CL_HEAD.length - 1);
      expect(raw.sockets.length).toBe(1);
    });

    it('gives no body for content-length 0, a HEAD request, 204 and 304, and reuses the socket after each', async () => {
      const answers: Record<string, string> = {
        '/zero': 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
        '/head': 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n',
        '/204': 'HTTP/1.1 204 No Content\r\nX-A: 1\r\n\r\n',
        '/304': 'HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\nETag: "x"\r\n\r\n',
        '/ok': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok',
      };
      const raw = await rawServer((req) => void req.socket.write(answers[req.path] ?? 'HTTP/1.1 500 No\r\nContent-Length: 0\r\n\r\n'));
      const a = agent();
      const seen: Array<[string, number, string[], number]> = [];
      for (const [path, method] of [
        ['/zero', 'GET'],
        ['/head', 'HEAD'],
        ['/204', 'GET'],
        ['/304', 'GET'],
      ] as const) {
        const rec = await fetchRec(a, { origin: raw.origin, path, method });
        seen.push([path, rec.status, rec.events, rec.bytes]);
      }
      expect(seen).toEqual([
        ['/zero', 200, ['start', 'head 200', 'end'], 0],
        ['/head', 200, ['start', 'head 200', 'end'], 0],
        ['/204', 204, ['start', 'head 204', 'end'], 0],
        ['/304', 304, ['start', 'head 304', 'end'], 0],
      ]);
      const ok = await fetchRec(a, { origin: raw.origin, path: '/ok' });
      expect(ok.body.toString()).toBe('ok');
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 0, 0, 0, 0]);
      expect(raw.sockets.length).toBe(1);
    });

    it('ends an answer delimited by the close (no content-length, no transfer-encoding) with the close, and does not reuse that socket', async () => {
      const raw = await rawServer(async (req) => {
        if (req.path === '/old') {
          req.socket.end('HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nold style');
          return;
        }
        if (req.path === '/ok') {
          req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
          return;
        }
        req.socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nabc');
        await turns();
        req.socket.write('def\r\n');
        await turns();
        req.socket.end();
      });
      const a = agent();
      const rec = await fetchRec(a, { origin: raw.origin, path: '/close' });
      expect(rec.error).toBeNull();
      expect(rec.events).toEqual(['start', 'head 200', 'data', 'end']);
      expect(rec.body.toString('latin1')).toBe('abcdef\r\n');
      const old = await fetchRec(a, { origin: raw.origin, path: '/old' });
      expect(old.error).toBeNull();
      expect(old.body.toString('latin1')).toBe('old style');
      const ok = await fetchRec(a, { origin: raw.origin, path: '/ok' });
      expect(ok.body.toString()).toBe('ok');
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 1, 2]);
    });

    it('fails an answer cut short by the close (content-length, chunked, or inside the head) with SocketError UND_ERR_SOCKET', async () => {
      const cuts: Record<string, [string, string]> = {
        '/length': ['HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc', 'abc'],
        '/chunked': ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel', 'hel'],
        '/chunked-last': ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n', 'abc'],
        '/head': ['HTTP/1.1 200 OK\r\nContent-Le', ''],
        '/nothing': ['', ''],
      };
      const raw = await rawServer(async (req) => {
        req.socket.write((cuts[req.path] as [string, string])[0]);
        await turns();
        req.socket.end();
      });
      const a = agent();
      const seen: Record<string, [string | undefined, unknown, string, boolean]> = {};
      for (const path of Object.keys(cuts)) {
        const rec = await fetchRec(a, { origin: raw.origin, path });
        seen[path] = [rec.error?.name, (rec.error as { code?: unknown } | null)?.code, rec.body.toString('latin1'), rec.ended];
      }
      expect(seen).toEqual(Object.fromEntries(Object.entries(cuts).map(([path, [, body]]) => [path, ['SocketError', 'UND_ERR_SOCKET', body, false]])));
    });

    it('skips 1xx heads (100 Continue, 103 Early Hints with headers) before the final head, also split at every byte boundary', async () => {
      const response = Buffer.from(
        'HTTP/1.1 100 Continue\r\n\r\n' +
          'HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\nLink: </app.js>; rel=preload\r\n\r\n' +
          'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Final: 1\r\n\r\nok',
      );
      const raw = await rawServer((req) => void req.socket.write(response));
      const rec = await fetchRec(agent(), { origin: raw.origin });
      expect(rec.events).toEqual(['start', 'head 200', 'data', 'end']);
      expect(rec.headers).toEqual({ 'content-length': '2', 'x-final': '1' });
      expect(rec.body.toString()).toBe('ok');

      const { failures } = await everySplit(response, (r) => {
        if (r.events.join() !== 'start,head 200,data,end') return `events ${r.events.join()}`;
        if (JSON.stringify(r.headers) !== JSON.stringify({ 'content-length': '2', 'x-final': '1' })) return `headers ${JSON.stringify(r.headers)}`;
        return r.body.toString() === 'ok' ? null : `body ${JSON.stringify(r.body.toString())}`;
      });
      expect(failures).toEqual([]);
    });

    it('makes repeated header names arrays, lower-cases names and trims values', async () => {
      const raw = await rawServer(
        (req) =>
          void req.socket.write(
            'HTTP/1.1 404 Not Found\r\n' +
              'Set-Cookie: a=1; Path=/\r\n' +
              'SET-COOKIE:b=2  \r\n' +
              'set-cookie: \tc=3\r\n' +
              'X-Pad:    spaced  value \t\r\n' +
              'X-Empty:\r\n' +
              'Content-Type: text/plain\r\n' +
              'Content-Length: 4\r\n' +
              '\r\n' +
              'nope',
          ),
      );
      const rec = await fetchRec(agent(), { origin: raw.origin });
      expect(rec.status).toBe(404);
      expect(rec.headers).toEqual({
        'set-cookie': ['a=1; Path=/', 'b=2', 'c=3'],
        'x-pad': 'spaced  value',
        'x-empty': '',
        'content-type': 'text/plain',
        'content-length': '4',
      });
      expect(rec.body.toString()).toBe('nope');
    });
  });

  describe('keep-alive', () => {
    it('lets go of its origins past 1024 with their idle sockets, and does not pool the socket of one let go while busy', async () => {
      let release: () => void = () => undefined;
      const raw = await rawServer((req) => {
        if (req.path === '/hold') release = () => req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nheld');
        else req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      });
      const a = agent({ lookup: lookupTo('127.0.0.1') });
      const held = send(a, { origin: `http://held.test:${raw.port}`, path: '/hold' });
      await until(() => raw.requests.length === 1);
      // 1023 more origins fill the map (1024 with the held one); each leaves an idle socket.
      for (let i = 0; i < 1023; i++) expect((await fetchRec(a, { origin: `http://o${i}.test:${raw.port}` })).body.toString()).toBe('ok');
      expect(raw.closed.size).toBe(0);
      // One more lets every origin go: the 1023 idle sockets are closed, the new one is pooled.
      expect((await fetchRec(a, { origin: `http://last.test:${raw.port}` })).body.toString()).toBe('ok');
      await until(() => raw.closed.size === 1023, 2000);
      // The held answer ends on an origin let go: its socket is closed, not pooled.
      release();
      await within(held.settled, 1000, 'the held answer');
      expect(held.body.toString()).toBe('held');
      await until(() => raw.closed.has(0), 1000);
      // The last origin's socket is still pooled and reused.
      const before = raw.sockets.length;
      expect((await fetchRec(a, { origin: `http://last.test:${raw.port}` })).body.toString()).toBe('ok');
      expect(raw.sockets.length).toBe(before);
    });

    it('does not use a pooled socket the server has closed meanwhile', async () => {
      const raw = await rawServer(async (req) => {
        req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
        if (req.conn === 0) {
          await delay(20);
          req.socket.end();
        }
      });
      const a = agent();
      expect((await fetchRec(a, { origin: raw.origin })).body.toString()).toBe('ok');
      await until(() => raw.closed.has(0), 500);
      await delay(20);
      const next = await fetchRec(a, { origin: raw.origin });
      expect([next.error, next.body.toString()]).toEqual([null, 'ok']);
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 1]);
    });

    it('sends two sequential requests to one origin on one connection; `connection: close` makes the next one use a new connection', async () => {
      let connections = 0;
      const server: HttpServer = createHttpServer((req, res) => {
        if (req.url === '/close') res.setHeader('connection', 'close');
        res.end(`answer ${req.url ?? ''}`);
      });
      const sockets = new Set<Socket>();
      server.on('connection', (s: Socket) => {
        connections++;
        sockets.add(s);
      });
      const port = await listen(server);
      closeLater(server, sockets);
      const origin = `http://127.0.0.1:${port}`;
      const a = agent();
      expect((await fetchRec(a, { origin, path: '/one' })).body.toString()).toBe('answer /one');
      expect((await fetchRec(a, { origin, path: '/two' })).body.toString()).toBe('answer /two');
      expect(connections).toBe(1);
      expect((await fetchRec(a, { origin, path: '/close' })).body.toString()).toBe('answer /close');
      expect(connections).toBe(1);
      expect((await fetchRec(a, { origin, path: '/three' })).body.toString()).toBe('answer /three');
      expect(connections).toBe(2);
    });

    it('respects the Keep-Alive timeout hint: timeout=2 is reused at once but not after ~1.3 s; timeout=1 is never pooled', async () => {
      const raw = await rawServer((req) => {
        const hint = req.path === '/one-second' ? 'timeout=1' : 'timeout=2, max=100';
        req.socket.write(`HTTP/1.1 200 OK\r\nKeep-Alive: ${hint}\r\nContent-Length: 2\r\n\r\nok`);
      });
      const a = agent();
      for (let i = 0; i < 2; i++) expect((await fetchRec(a, { origin: raw.origin, path: '/two-seconds' })).body.toString()).toBe('ok');
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 0]);
      await delay(1300);
      // The server never closes: the client dropped the socket at the hint's end (less its margin).
      expect(raw.closed.has(0)).toBe(true);
      await fetchRec(a, { origin: raw.origin, path: '/one-second' });
      await fetchRec(a, { origin: raw.origin, path: '/one-second' });
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 0, 1, 2]);
      await until(() => raw.closed.has(1) && raw.closed.has(2), 500);
    });

    it('drops a pooled socket at its own hint even when an older pooled socket with a longer allowance was pooled before it', async () => {
      let waiting: RawRequest[] = [];
      const raw = await rawServer(async (req) => {
        waiting.push(req);
        if (req.path === '/after') {
          req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nafter');
          return;
        }
        if (waiting.length < 2) return;
        const first = waiting.find((r) => r.path === '/long') as RawRequest;
        const second = waiting.find((r) => r.path === '/short') as RawRequest;
        waiting = [];
        // The long one is pooled first, the short one after it.
        first.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nlong');
        await delay(20);
        second.socket.write('HTTP/1.1 200 OK\r\nKeep-Alive: timeout=2\r\nContent-Length: 5\r\n\r\nshort');
      });
      const a = agent({ keepAliveMs: 10_000 });
      const [long, short] = await Promise.all([fetchRec(a, { origin: raw.origin, path: '/long' }), fetchRec(a, { origin: raw.origin, path: '/short' })]);
      expect([long.body.toString(), short.body.toString()]).toEqual(['long', 'short']);
      const shortConn = raw.requests.find((r) => r.path === '/short')?.conn as number;
      const longConn = raw.requests.find((r) => r.path === '/long')?.conn as number;
      expect(shortConn).not.toBe(longConn);
      await delay(1400);
      // timeout=2 less the 1 s margin: gone after 1 s (+ one 250 ms sweep); the next request takes the long one.
      const shortClosed = raw.closed.has(shortConn);
      const after = await fetchRec(a, { origin: raw.origin, path: '/after' });
      expect(after.body.toString()).toBe('after');
      const afterConn = raw.requests.find((r) => r.path === '/after')?.conn;
      expect({ shortClosed, after: afterConn === longConn ? 'long' : afterConn === shortConn ? 'short' : 'new' }).toEqual({ shortClosed: true, after: 'long' });
    });

    it('does not reuse a socket that had bytes after a complete answer (same read or later)', async () => {
      const answers: Record<string, string> = {
        '/length': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokJUNK',
        '/chunked': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\nJUNK',
        '/204': 'HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 200 OK\r\n\r\n',
        '/later': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok',
        '/clean': 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nclean',
      };
      const raw = await rawServer(async (req) => {
        req.socket.write(answers[req.path] as string);
        if (req.path === '/later') {
          await delay(20);
          req.socket.write('JUNK');
        }
      });
      const a = agent();
      const seen: string[] = [];
      for (const path of ['/length', '/chunked', '/204', '/later']) {
        const rec = await fetchRec(a, { origin: raw.origin, path });
        seen.push(`${path} ${rec.status} ${rec.body.toString()} ${rec.error?.name ?? 'ok'}`);
        if (path === '/later') await delay(60);
        const clean = await fetchRec(a, { origin: raw.origin, path: '/clean' });
        seen.push(`/clean ${clean.body.toString()}`);
        const conns = raw.requests.slice(-2).map((r) => r.conn) as [number, number];
        // The clean request came on another connection, and the client closed the broken one.
        if (conns[0] === conns[1]) seen.push(`${path}: socket reused`);
        await until(() => raw.closed.has(conns[0]), 500);
      }
      expect(seen).toEqual([
        '/length 200 ok ok',
        '/clean clean',
        '/chunked 200 ok ok',
        '/clean clean',
        '/204 204  ok',
        '/clean clean',
        '/later 200 ok ok',
        '/clean clean',
      ]);
    });
  });

  describe('refused answers', () => {
    it('fails a head larger than 64 KiB with HeadersOverflowError (complete or never ending) and takes one just under it', async () => {
      const raw = await rawServer((req) => {
        if (req.path === '/big') req.socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(70_000)}\r\nContent-Length: 0\r\n\r\n`);
        else if (req.path === '/endless') req.socket.write(`HTTP/1.1 200 OK\r\n${'X-Pad: aaaaaaaa\r\n'.repeat(5000)}`);
        else req.socket.write(`HTTP/1.1 200 OK\r\nX-Big: ${'b'.repeat(60_000)}\r\nContent-Length: 2\r\n\r\nok`);
      });
      const a = agent();
      for (const path of ['/big', '/endless']) {
        const rec = await fetchRec(a, { origin: raw.origin, path });
        expect([path, rec.error?.name, (rec.error as { code?: string } | null)?.code, rec.events]).toEqual([path, 'HeadersOverflowError', 'UND_ERR_HEADERS_OVERFLOW', ['start', 'error']]);
        expect(rec.error).toBeInstanceOf(errors.HeadersOverflowError);
      }
      await until(() => raw.closed.has(0) && raw.closed.has(1), 500);
      const fine = await fetchRec(a, { origin: raw.origin, path: '/fine' });
      expect(fine.error).toBeNull();
      expect((fine.headers['x-big'] as string).length).toBe(60_000);
      expect(fine.body.toString()).toBe('ok');
    });

    it('fails a malformed status line, header line, content-length, transfer-encoding or chunk framing with HTTPParserError, never hanging', async () => {
      const answers: Record<string, string> = {
        '/status': 'HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n',
        '/protocol': 'ICY 200 OK\r\nContent-Length: 0\r\n\r\n',
        '/upgrade': 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n',
        '/header': 'HTTP/1.1 200 OK\r\nNoColonHere\r\nContent-Length: 0\r\n\r\n',
        '/length': 'HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\nx',
        '/encoding': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nabc',
        '/size': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhi\r\n0\r\n\r\n',
        '/empty-size': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n',
        '/terminator': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhiXX\r\n0\r\n\r\n',
      };
      const raw = await rawServer((req) => void req.socket.write(answers[req.path] as string));
      const a = agent();
      const seen: Record<string, string> = {};
      for (const path of Object.keys(answers)) {
        const rec = await fetchRec(a, { origin: raw.origin, path });
        seen[path] = rec.error instanceof errors.HTTPParserError ? rec.error.name : `${rec.error?.name ?? 'no error'} ${rec.events.join()}`;
      }
      expect(seen).toEqual(Object.fromEntries(Object.keys(answers).map((p) => [p, 'HTTPParserError'])));
      // Each failed socket was closed by the client (the server never closes).
      await until(() => raw.closed.size === Object.keys(answers).length, 500);
    });
  });

  describe('timeouts', () => {
    it('fails with UND_ERR_HEADERS_TIMEOUT when the server accepts and never answers', async () => {
      const raw = await rawServer(() => undefined);
      const t0 = Date.now();
      const rec = await fetchRec(agent(), { origin: raw.origin, headersTimeout: 300 });
      const took = rec.settledAt - t0;
      expect([rec.error?.name, (rec.error as { code?: string } | null)?.code, rec.events]).toEqual(['HeadersTimeoutError', 'UND_ERR_HEADERS_TIMEOUT', ['start', 'error']]);
      expect(took).toBeGreaterThanOrEqual(295);
      expect(took).toBeLessThan(300 + 250 + 200);
      await until(() => raw.closed.has(0), 500);
    });

    it('fails with UND_ERR_BODY_TIMEOUT when the body goes idle after the head, and not while bytes keep coming', async () => {
      const raw = await rawServer(async (req) => {
        if (req.path === '/stall') {
          req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nab');
          return;
        }
        req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n');
        for (const c of 'drips') {
          await delay(150);
          req.socket.write(c);
        }
      });
      const a = agent();
      const stalled = await fetchRec(a, { origin: raw.origin, path: '/stall', bodyTimeout: 300 });
      expect([stalled.error?.name, (stalled.error as { code?: string } | null)?.code, stalled.events]).toEqual(['BodyTimeoutError', 'UND_ERR_BODY_TIMEOUT', ['start', 'head 200', 'data', 'error']]);
      expect(stalled.body.toString()).toBe('ab');
      const idle = stalled.settledAt - stalled.headAt;
      expect(idle).toBeGreaterThanOrEqual(295);
      expect(idle).toBeLessThan(300 + 250 + 200);

      const drip = await fetchRec(a, { origin: raw.origin, path: '/drip', bodyTimeout: 300 });
      expect(drip.error).toBeNull();
      expect(drip.body.toString()).toBe('drips');
    });

    it('fails with the connect error (ECONNREFUSED) when nothing listens', async () => {
      const server = createNetServer();
      const port = await listen(server);
      await new Promise<void>((r) => server.close(() => r()));
      const rec = await fetchRec(agent(), { origin: `http://127.0.0.1:${port}` });
      expect([rec.events, (rec.error as NodeJS.ErrnoException | null)?.code]).toEqual([['start', 'error'], 'ECONNREFUSED']);
    });

    // 10.255.255.1 is not usable here (this sandbox's network answers the connect): a lookup that never answers holds the connect instead.
    it('fails with UND_ERR_CONNECT_TIMEOUT when the connect does not complete in connectTimeoutMs (a lookup that never answers)', async () => {
      const a = agent({ connectTimeoutMs: 200, lookup: (() => undefined) as unknown as LookupFunction });
      const t0 = Date.now();
      const rec = await fetchRec(a, { origin: 'http://stalled.test:8080' });
      expect([rec.error?.name, (rec.error as { code?: string } | null)?.code, rec.events]).toEqual(['ConnectTimeoutError', 'UND_ERR_CONNECT_TIMEOUT', ['start', 'error']]);
      expect(rec.settledAt - t0).toBeGreaterThanOrEqual(195);
      expect(rec.settledAt - t0).toBeLessThan(700);
    });
  });

  describe('the request', () => {
    it('refuses a header value with CR, LF, NUL, DEL or a char past latin1, or an invalid header name, before connecting (InvalidArgumentError)', async () => {
      const raw = await rawServer((req) => void req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
      const a = agent();
      const bad: Array<Record<string, string>> = [
        { 'x-a': 'a\r\nx-injected: 1' },
        { 'x-a': 'a\nb' },
        { 'x-a': 'a\rb' },
        { 'x-a': 'nul\0' },
        { 'x-a': 'del\x7f' },
        { 'x-a': 'euro €' },
        { 'bad name': 'v' },
        { 'x:y': 'v' },
        { '': 'v' },
        { 'naïve': 'v' },
        { 'x-a\r\nx-b': 'v' },
      ];
      const seen = [];
      for (const headers of bad) {
        const rec = await fetchRec(a, { origin: raw.origin, method: 'POST', headers, body: 'x' });
        seen.push([JSON.stringify(headers), rec.error instanceof errors.InvalidArgumentError, (rec.error as { code?: string } | null)?.code, rec.events.join()]);
      }
      expect(seen).toEqual(bad.map((h) => [JSON.stringify(h), true, 'UND_ERR_INVALID_ARG', 'error']));
      await delay(50);
      expect(raw.sockets.length).toBe(0);
    });

    it('frames the request as the server sees it: host with port, content-length counting UTF-8 bytes, none for GET, 0 for a POST/PUT/PATCH without body, given Host/Content-Length kept once, latin1 header bytes', async () => {
      const raw = await rawServer((req) => void req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
      const a = agent();
      const host = `host: 127.0.0.1:${raw.port}`;
      const cases: Array<[Partial<H1DispatchOptions>, string, Buffer]> = [
        [{ path: '/p?q=1' }, `GET /p?q=1 HTTP/1.1\r\n${host}`, Buffer.alloc(0)],
        [{ method: 'DELETE', path: '/d', headers: { 'x-a': 'b' } }, `DELETE /d HTTP/1.1\r\nx-a: b\r\n${host}`, Buffer.alloc(0)],
        [
          { method: 'POST', path: '/s', headers: { 'content-type': 'text/plain; charset=utf-8' }, body: '你好, world' },
          `POST /s HTTP/1.1\r\ncontent-type: text/plain; charset=utf-8\r\n${host}\r\ncontent-length: 13`,
          Buffer.from('你好, world', 'utf8'),
        ],
        [{ method: 'POST', path: '/u', body: new Uint8Array([0, 1, 2, 0xfe, 0xff, 0x0d, 0x0a]) }, `POST /u HTTP/1.1\r\n${host}\r\ncontent-length: 7`, Buffer.from([0, 1, 2, 0xfe, 0xff, 0x0d, 0x0a])],
        [{ method: 'POST', path: '/n' }, `POST /n HTTP/1.1\r\n${host}\r\ncontent-length: 0`, Buffer.alloc(0)],
        [{ method: 'POST', path: '/e', body: '' }, `POST /e HTTP/1.1\r\n${host}\r\ncontent-length: 0`, Buffer.alloc(0)],
        [{ method: 'PUT', path: '/n' }, `PUT /n HTTP/1.1\r\n${host}\r\ncontent-length: 0`, Buffer.alloc(0)],
        [{ method: 'PATCH', path: '/n' }, `PATCH /n HTTP/1.1\r\n${host}\r\ncontent-length: 0`, Buffer.alloc(0)],
        [
          { method: 'POST', path: '/h', headers: { Host: 'api.example.test', 'Content-Length': '3' }, body: 'abc' },
          'POST /h HTTP/1.1\r\nHost: api.example.test\r\nContent-Length: 3',
          Buffer.from('abc'),
        ],
        [{ path: '/l', headers: { 'x-name': 'caf\u00e9' } }, `GET /l HTTP/1.1\r\nx-name: caf\u00e9\r\n${host}`, Buffer.alloc(0)],
        // A latin1 head with a UTF-8 string body: the head goes as latin1, the body as UTF-8.
        [{ method: 'POST', path: '/lb', headers: { 'x-name': 'caf\u00e9' }, body: 'ünï' }, `POST /lb HTTP/1.1\r\nx-name: caf\u00e9\r\n${host}\r\ncontent-length: 5`, Buffer.from('ünï', 'utf8')],
      ];
      for (const [o, head, body] of cases) {
        const rec = await fetchRec(a, { origin: raw.origin, ...o });
        expect(rec.error).toBeNull();
        const got = raw.requests[raw.requests.length - 1] as RawRequest;
        expect([o.path, got.head]).toEqual([o.path, head]);
        expect([o.path, got.body.toString('hex')]).toEqual([o.path, body.toString('hex')]);
      }
      // The latin1 value went as its one byte each, not as UTF-8.
      const latin1 = raw.requests.find((r) => r.path === '/l') as RawRequest;
      expect(latin1.headBytes.includes(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]))).toBe(true);
      // Everything went on one kept-alive connection (framing was exact for each).
      expect(raw.sockets.length).toBe(1);
    });
  });

  describe('backpressure', () => {
    const pattern = (n: number): Buffer => {
      const b = Buffer.allocUnsafe(n);
      for (let i = 0; i < n; i++) b[i] = (i * 7 + (i >> 11)) & 0xff;
      return b;
    };

    it('stops reading while the handler is paused (the server stalls) and resume() delivers the rest, bytes exact', async () => {
      const size = 16 * 1024 * 1024;
      const payload = pattern(size);
      let serverSocket: Socket | null = null;
      const raw = await rawServer((req) => {
        serverSocket = req.socket;
        req.socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${size}\r\n\r\n`);
        req.socket.write(payload);
      });
      let paused = false;
      const rec = send(
        agent(),
        { origin: raw.origin },
        {
          data: (c) => {
            if (!paused) {
              paused = true;
              c.pause();
            }
          },
        },
      );
      await until(() => paused);
      await delay(50);
      const atPause = rec.chunks.length;
      const bytesAtPause = rec.bytes;
      await delay(300);
      expect(rec.chunks.length).toBe(atPause);
      expect(rec.bytes).toBe(bytesAtPause);
      expect(rec.chunks.length).toBe(1);
      expect(rec.controller?.paused).toBe(true);
      // The server's writes stalled: most of the body is still queued on its side.
      expect((serverSocket as Socket | null)?.writableLength ?? 0).toBeGreaterThan(size / 2);
      rec.controller?.resume();
      await within(rec.settled, 5000, 'the rest after resume()');
      expect(rec.error).toBeNull();
      expect(rec.bytes).toBe(size);
      expect(rec.body.equals(payload)).toBe(true);
    });

    it('pausing at every piece and resuming on a later turn still delivers every byte in order', async () => {
      const size = 4 * 1024 * 1024;
      const payload = pattern(size);
      const raw = await rawServer((req) => {
        req.socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
        for (let at = 0; at < size; at += 100_000) {
          const piece = payload.subarray(at, Math.min(size, at + 100_000));
          req.socket.write(`${piece.length.toString(16)}\r\n`);
          req.socket.write(piece);
          req.socket.write('\r\n');
        }
        req.socket.write('0\r\n\r\n');
      });
      let pauses = 0;
      const rec = send(
        agent(),
        { origin: raw.origin },
        {
          data: (c) => {
            if (c.paused) return;
            pauses++;
            c.pause();
            setImmediate(() => c.resume());
          },
        },
      );
      await within(rec.settled, 5000, 'a paused-and-resumed answer');
      expect(rec.error).toBeNull();
      expect(rec.bytes).toBe(size);
      expect(rec.body.equals(payload)).toBe(true);
      expect(pauses).toBeGreaterThan(1);
    });

    it('does not fail a paused answer with the body timeout (undici does not time out a paused body)', async () => {
      const raw = await rawServer(async (req) => {
        req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nfirst');
        await delay(20);
        req.socket.write('-last');
      });
      const rec = send(agent(), { origin: raw.origin, bodyTimeout: 300 }, { data: (c, chunk) => void (chunk.toString() === 'first' && c.pause()) });
      await until(() => rec.chunks.length === 1);
      await delay(800);
      expect([rec.events, rec.error?.name]).toEqual([['start', 'head 200', 'data'], undefined]);
      rec.controller?.resume();
      await within(rec.settled, 2000, 'the rest after resume()');
      expect(rec.error).toBeNull();
      expect(rec.body.toString()).toBe('first-last');
    });
  });

  describe('abort', () => {
    it('abort(reason) before the head fails the request with that reason and destroys the socket', async () => {
      const raw = await rawServer(() => undefined);
      const a = agent();
      const reason = new Error('caller gave up');
      const rec = send(a, { origin: raw.origin });
      await until(() => raw.requests.length === 1);
      rec.controller?.abort(reason);
      await within(rec.settled, 1000, 'the abort');
      expect(rec.error).toBe(reason);
      expect(rec.events).toEqual(['start', 'error']);
      expect(rec.controller?.aborted).toBe(true);
      await until(() => raw.closed.has(0), 500);

      // Aborted in onRequestStart itself: the same, nothing else heard.
      const early = new Error('at once');
      const now = await fetchRec(a, { origin: raw.origin }, { start: (c) => c.abort(early) });
      expect(now.error).toBe(early);
      expect(now.events).toEqual(['start', 'error']);
    });

    it('abort(reason) after the head stops the data and destroys the socket', async () => {
      let writer: NodeJS.Timeout | undefined;
      const raw = await rawServer((req) => {
        req.socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nfirst\r\n');
        writer = setInterval(() => req.socket.write('4\r\nmore\r\n'), 10);
      });
      cleanups.push(async () => clearInterval(writer));
      const reason = new Error('enough');
      const rec = await fetchRec(agent(), { origin: raw.origin }, { data: (c) => c.abort(reason) });
      expect(rec.error).toBe(reason);
      await delay(80);
      expect(rec.events).toEqual(['start', 'head 200', 'data', 'error']);
      expect(rec.body.toString()).toBe('first');
      await until(() => raw.closed.has(0), 500);
    });

    it('abort() after the end is a no-op and does not disturb the next request on the pooled socket', async () => {
      const raw = await rawServer((req) => void req.socket.write(`HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\n${req.path.slice(1, 7).padEnd(6, '.')}`));
      const a = agent();
      const first = await fetchRec(a, { origin: raw.origin, path: '/first' });
      expect(first.body.toString()).toBe('first.');
      first.controller?.abort(new Error('late'));
      first.controller?.pause();
      first.controller?.resume();
      expect(first.events).toEqual(['start', 'head 200', 'data', 'end']);
      expect(first.controller?.aborted).toBe(false);
      const second = await fetchRec(a, { origin: raw.origin, path: '/second' });
      // A late abort while the next request is in flight on the same socket does not touch it either.
      first.controller?.abort(new Error('later'));
      expect(second.error).toBeNull();
      expect(second.body.toString()).toBe('second');
      const third = send(a, { origin: raw.origin, path: '/third' });
      first.controller?.abort(new Error('during'));
      await within(third.settled, 1000, 'third');
      expect(third.error).toBeNull();
      expect(third.body.toString()).toBe('third.');
      expect(raw.requests.map((r) => r.conn)).toEqual([0, 0, 0]);
      expect(raw.closed.size).toBe(0);
    });
  });

  describe('over TLS', () => {
    let dir = '';
    let key: Buffer;
    let cert: Buffer;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'h1-agent-tls-'));
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
        { stdio: 'ignore' },
      );
      key = readFileSync(join(dir, 'key.pem'));
      cert = readFileSync(join(dir, 'cert.pem'));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    interface TlsServer {
      origin: string;
      /** Per TLS connection: the SNI name and whether the session was resumed. */
      secure: Array<{ servername: string | false | null; resumed: boolean }>;
    }

    async function httpsServer(): Promise<TlsServer> {
      const info: TlsServer = { origin: '', secure: [] };
      const server: HttpsServer = createHttpsServer({ key, cert, ALPNProtocols: ['http/1.1'] }, (req, res) => {
        if (req.url === '/close') res.setHeader('connection', 'close');
        res.end(`secure ${req.url ?? ''}`);
      });
      const sockets = new Set<Socket>();
      server.on('connection', (s: Socket) => sockets.add(s));
      server.on('secureConnection', (s: TLSSocket) => info.secure.push({ servername: s.servername, resumed: s.isSessionReused() }));
      server.on('tlsClientError', () => undefined);
      const port = await listen(server);
      closeLater(server, sockets);
      info.origin = `https://localhost:${port}`;
      return info;
    }

    it('fails against a certificate it does not trust (self-signed), without hanging', async () => {
      const srv = await httpsServer();
      const rec = await fetchRec(agent({ lookup: lookupTo('127.0.0.1') }), { origin: srv.origin });
      expect(rec.events).toEqual(['start', 'error']);
      expect((rec.error as { code?: string } | null)?.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      expect(srv.secure).toEqual([]);
    });

    it('exchanges over https with SNI when the certificate is trusted, reuses the TLS connection, and resumes the session on a new one', async () => {
      const srv = await httpsServer();
      const a = agent({ lookup: lookupTo('127.0.0.1'), ca: cert });
      const one = await fetchRec(a, { origin: srv.origin, path: '/one' });
      expect(one.error).toBeNull();
      expect(one.body.toString()).toBe('secure /one');
      const two = await fetchRec(a, { origin: srv.origin, path: '/two' });
      expect(two.body.toString()).toBe('secure /two');
      expect(srv.secure).toEqual([{ servername: 'localhost', resumed: false }]);
      const closing = await fetchRec(a, { origin: srv.origin, path: '/close' });
      expect(closing.body.toString()).toBe('secure /close');
      const three = await fetchRec(a, { origin: srv.origin, path: '/three' });
      expect(three.body.toString()).toBe('secure /three');
      expect(srv.secure).toEqual([
        { servername: 'localhost', resumed: false },
        { servername: 'localhost', resumed: true },
      ]);
    });

    it('fails with UND_ERR_CONNECT_TIMEOUT when the TLS handshake never completes', async () => {
      const raw = await rawServer(() => undefined);
      const a = agent({ connectTimeoutMs: 200 });
      const t0 = Date.now();
      const rec = await fetchRec(a, { origin: `https://127.0.0.1:${raw.port}` });
      expect([rec.error?.name, (rec.error as { code?: string } | null)?.code]).toEqual(['ConnectTimeoutError', 'UND_ERR_CONNECT_TIMEOUT']);
      expect(rec.settledAt - t0).toBeLessThan(700);
      await until(() => raw.closed.has(0), 500);
    });
  });

  describe('close()', () => {
    it('resolves at once with only idle sockets, closing them', async () => {
      const raw = await rawServer((req) => void req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
      const empty = agent();
      await within(empty.close(), 50, 'close() of an agent that never sent');
      const a = agent();
      await fetchRec(a, { origin: raw.origin });
      await fetchRec(a, { origin: `http://localhost:${raw.port}` });
      expect(raw.sockets.length).toBe(2);
      await within(a.close(), 50, 'close() with idle sockets');
      await until(() => raw.closed.size === 2, 500);
    });

    it('waits for a request in flight to end, then resolves every close() called meanwhile', async () => {
      let finish: () => void = () => undefined;
      const raw = await rawServer((req) => {
        req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\nhalf');
        finish = () => req.socket.write('done');
      });
      const a = agent();
      const rec = send(a, { origin: raw.origin });
      await until(() => rec.chunks.length === 1);
      const resolved = { first: false, second: false };
      const first = a.close().then(() => (resolved.first = true));
      const second = a.close().then(() => (resolved.second = true));
      await delay(200);
      expect(resolved).toEqual({ first: false, second: false });
      finish();
      await within(Promise.all([first, second]), 500, 'both close() calls after the answer ended');
      expect(resolved).toEqual({ first: true, second: true });
      expect(rec.error).toBeNull();
      expect(rec.body.toString()).toBe('halfdone');
      await until(() => raw.closed.has(0), 500);
    });
  });

  describe('address guard', () => {
    it('fails the request with the lookup error (ESSRFBLOCKED) and never connects', async () => {
      const raw = await rawServer((req) => void req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
      const names: string[] = [];
      const blocked = ((host: string, _options: unknown, cb: (err: NodeJS.ErrnoException | null, address: string | [], family?: number) => void) => {
        names.push(host);
        const e: NodeJS.ErrnoException = new Error(`address of ${host} is not allowed`);
        e.code = 'ESSRFBLOCKED';
        cb(e, []);
      }) as unknown as LookupFunction;
      const rec = await fetchRec(agent({ lookup: blocked }), { origin: `http://internal.test:${raw.port}` });
      expect(rec.events).toEqual(['start', 'error']);
      expect((rec.error as NodeJS.ErrnoException | null)?.code).toBe('ESSRFBLOCKED');
      expect(names).toEqual(['internal.test']);
      await delay(30);
      expect(raw.sockets.length).toBe(0);

      // The same agent shape with a lookup that allows the name connects to what it answered.
      const allowed = await fetchRec(agent({ lookup: lookupTo('127.0.0.1') }), { origin: `http://internal.test:${raw.port}` });
      expect(allowed.body.toString()).toBe('ok');
      expect(raw.requests[0]?.head).toBe(`GET / HTTP/1.1\r\nhost: internal.test:${raw.port}`);
    });
  });
});
