import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { WebSocketServer } from 'ws';
import { OutboundClient, OutboundError, SENT_ONCE_MIN_BYTES } from './outbound.service';

// A collection on demand, to see whether a sent body is still held.
setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

describe('OutboundClient', () => {
  let server: Server;
  let port: number;
  const client = new OutboundClient();
  const held: import('node:http').ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        res.end();
        return;
      }
      if (req.url === '/slow') {
        setTimeout(() => res.end('late'), 4000);
        return;
      }
      if (req.url === '/big') {
        res.end('x'.repeat(2000));
        return;
      }
      if (req.url === '/held') {
        // Reads the whole request, answers its head and what it got, and holds the answer open until /release.
        const parts: Buffer[] = [];
        req.on('data', (c: Buffer) => parts.push(c));
        req.on('end', () => {
          const body = Buffer.concat(parts);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(`${JSON.stringify({ length: req.headers['content-length'] ?? null, chunked: req.headers['transfer-encoding'] ?? null, bytes: body.length, sum: body.reduce((a, x) => (a + x) % 65521, 0) })}\n`);
          held.push(res);
        });
        return;
      }
      if (req.url === '/early') {
        // Answers at once without reading the body, and closes (a proxy's 413 or 401).
        res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
        res.end('{"error":"too large"}');
        return;
      }
      if (req.url === '/cut') {
        // Promises 1000 bytes, sends 10, then drops the connection.
        res.writeHead(200, { 'content-length': '1000' });
        res.write('x'.repeat(10));
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      }
      res.end('hello');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const kind = async (p: Promise<unknown>): Promise<string> => {
    try {
      await p;
      return 'ok';
    } catch (e) {
      return e instanceof OutboundError ? e.kind : 'other';
    }
  };

  it('refuses loopback and private targets in every spelling unless allowed', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://localhost:${port}/`,
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
    ]) {
      expect(await kind(client.request({ url }))).toBe('blocked');
    }
    const res = await client.request({ url: `http://127.0.0.1:${port}/`, allowPrivate: true });
    expect(await client.readText(res)).toBe('hello');
  });

  it('checks the resolved address at connect time (a name that resolves to loopback)', async () => {
    // localhost.localdomain-style names are not string-matched; the DNS answer is what counts.
    expect(await kind(client.request({ url: `http://127.0.0.1.nip.invalid:${port}/` }))).not.toBe('ok');
    expect(await kind(client.request({ url: `http://ip6-localhost:${port}/` }))).not.toBe('ok');
  });

  it('refuses non-http schemes and credentials in the URL', async () => {
    expect(await kind(client.request({ url: 'file:///etc/passwd' }))).toBe('bad_url');
    expect(await kind(client.request({ url: 'ftp://example.com/' }))).toBe('bad_url');
    expect(await kind(client.request({ url: 'http://user:pass@example.com/' }))).toBe('bad_url');
  });

  it('does not follow redirects', async () => {
    const res = await client.request({ url: `http://127.0.0.1:${port}/redirect`, allowPrivate: true });
    expect(res.status).toBe(302);
    await client.readText(res);
  });

  it('times out waiting for headers and caps body size', async () => {
    expect(await kind(client.request({ url: `http://127.0.0.1:${port}/slow`, allowPrivate: true, timeouts: { headersMs: 1000 } }))).toBe('timeout');
    const res = await client.request({ url: `http://127.0.0.1:${port}/big`, allowPrivate: true });
    expect(await kind(client.readText(res, 1000))).toBe('too_large');
  });

  describe('a request body', () => {
    const sum = (b: Uint8Array): number => b.reduce((a, x) => (a + x) % 65521, 0);
    /** The first line of the held answer (what the server got); the answer stays open. */
    const firstLine = (res: Awaited<ReturnType<OutboundClient['request']>>): Promise<Record<string, unknown>> =>
      new Promise((resolve) => {
        const onData = (chunk: Buffer): void => {
          res.body.off('data', onData);
          res.body.pause();
          resolve(JSON.parse(String(chunk).split('\n')[0] ?? '') as Record<string, unknown>);
        };
        res.body.on('data', onData);
      });
    const release = (): void => {
      for (const r of held.splice(0)) r.end();
    };

    it('long or short, goes out whole with its content-length (not chunked); a given content-length is kept', async () => {
      for (const size of [10, SENT_ONCE_MIN_BYTES - 1, SENT_ONCE_MIN_BYTES, 256 * 1024]) {
        const body = Buffer.alloc(size, 7);
        body[size - 1] = 42;
        const res = await client.request({ url: `http://127.0.0.1:${port}/held`, method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body, allowPrivate: true });
        expect(await firstLine(res)).toEqual({ length: String(size), chunked: null, bytes: size, sum: sum(body) });
        release();
      }
      const given = Buffer.alloc(SENT_ONCE_MIN_BYTES * 2, 1);
      const res = await client.request({ url: `http://127.0.0.1:${port}/held`, method: 'POST', headers: { 'Content-Length': String(given.length) }, body: given, allowPrivate: true });
      expect(await firstLine(res)).toMatchObject({ length: String(given.length), bytes: given.length });
      release();
    });

    it('an upstream that answers before reading a long body is heard (its status and body), not a broken write', async () => {
      for (const size of [1024, 64 * 1024, 4 * 1024 * 1024]) {
        const res = await client.request({ url: `http://127.0.0.1:${port}/early`, method: 'POST', body: Buffer.alloc(size, 1), allowPrivate: true });
        expect({ size, status: res.status, text: await client.readText(res) }).toEqual({ size, status: 413, text: '{"error":"too large"}' });
      }
    });

    it.each([
      ['the lean agent', false],
      ['undici (OUTBOUND_CLIENT=undici)', true],
    ])('a long body is let go once written, while its answer is still open (a held stream keeps no copy): %s', async (_name, viaUndici) => {
      const own = viaUndici ? OutboundClient.undiciOnly() : new OutboundClient();
      try {
        const send = async (size: number) => {
          const body = new Uint8Array(size).fill(3);
          const ref = new WeakRef(body);
          const res = await own.request({ url: `http://127.0.0.1:${port}/held`, method: 'POST', body, allowPrivate: true });
          return { ref, res };
        };
        const long = await send(256 * 1024);
        expect(await firstLine(long.res)).toMatchObject({ bytes: 256 * 1024 });
        for (let i = 0; i < 3; i++) {
          await new Promise((r) => setImmediate(r));
          gc();
        }
        expect(long.ref.deref()).toBeUndefined();
        // A short body: the lean agent keeps nothing once written; undici keeps it as it is until the
        // answer ends (a few KB; only bodies of SENT_ONCE_MIN_BYTES or more are handed over once).
        const short = await send(1024);
        await firstLine(short.res);
        for (let i = 0; i < 3; i++) {
          await new Promise((r) => setImmediate(r));
          gc();
        }
        expect(short.ref.deref() === undefined).toBe(!viaUndici);
      } finally {
        release();
        await own.onApplicationShutdown();
      }
    });
  });

  it('a body cut short, or already destroyed, fails the read instead of hanging', async () => {
    const cut = await client.request({ url: `http://127.0.0.1:${port}/cut`, allowPrivate: true });
    expect(await kind(client.readText(cut))).not.toBe('ok');
    const gone = await client.request({ url: `http://127.0.0.1:${port}/`, allowPrivate: true });
    gone.body.destroy();
    expect(await kind(client.readText(gone))).toBe('aborted');
  });

  describe('openWebSocket', () => {
    let wsServer: Server;
    let wsPort: number;
    const wss = new WebSocketServer({ noServer: true });
    const sockets = new Set<Socket>();

    beforeAll(async () => {
      wsServer = createServer();
      wsServer.on('connection', (c: Socket) => {
        sockets.add(c);
        c.on('close', () => sockets.delete(c));
      });
      wsServer.on('upgrade', (req, socket, head) => {
        if (req.url === '/refuse') {
          socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: 27\r\n\r\n{"message":"no signature"}\n');
          return;
        }
        if (req.url === '/redirect') {
          socket.end('HTTP/1.1 302 Found\r\nlocation: ws://169.254.169.254/\r\ncontent-length: 0\r\n\r\n');
          return;
        }
        if (req.url === '/hang') return;
        wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', (m) => ws.send(`echo ${m.toString()}`)));
      });
      await new Promise<void>((r) => wsServer.listen(0, '127.0.0.1', r));
      wsPort = (wsServer.address() as AddressInfo).port;
    });
    afterAll(async () => {
      for (const c of wss.clients) c.terminate();
      for (const c of sockets) c.destroy();
      await new Promise<void>((r) => wsServer.close(() => r()));
    });

    const open = (url: string, allowPrivate = false, signal = new AbortController().signal) =>
      client.openWebSocket({ url, allowPrivate, handshakeMs: 2000, maxPayload: 1024, maxErrorBytes: 1024, signal });

    it('takes ws and wss only, and refuses loopback and private targets (literal or resolved) unless allowed', async () => {
      expect(await kind(open(`http://127.0.0.1:${wsPort}/`, true))).toBe('bad_url');
      expect(await kind(open('ws://user:pass@example.com/'))).toBe('bad_url');
      for (const url of [`ws://127.0.0.1:${wsPort}/`, `ws://[::1]:${wsPort}/`, `wss://169.254.169.254/`, `ws://localhost:${wsPort}/`]) expect(await kind(open(url))).toBe('blocked');
      // A name the string rules do not know: the DNS answer (loopback) is what refuses it.
      const lookup = jest.spyOn(dns, 'lookup').mockImplementation(((_host: string, _o: unknown, cb: (e: null, a: dns.LookupAddress[]) => void) => cb(null, [{ address: '127.0.0.1', family: 4 }])) as never);
      try {
        expect(await kind(open(`ws://inside.example:${wsPort}/`))).toBe('blocked');
        expect(lookup).toHaveBeenCalledWith('inside.example', expect.anything(), expect.any(Function));
      } finally {
        lookup.mockRestore();
      }
      const r = await open(`ws://127.0.0.1:${wsPort}/`, true);
      if (r.kind !== 'open') throw new Error('expected an open socket');
      const reply = new Promise<string>((resolve) => r.socket.once('message', (m) => resolve(m.toString())));
      r.socket.send('hi');
      expect(await reply).toBe('echo hi');
      r.socket.close();
    });

    it('returns a refused upgrade with its status and body, never follows a redirect, and stops on the signal', async () => {
      expect(await open(`ws://127.0.0.1:${wsPort}/refuse`, true)).toMatchObject({ kind: 'refused', status: 401, text: '{"message":"no signature"}\n' });
      expect(await open(`ws://127.0.0.1:${wsPort}/redirect`, true)).toMatchObject({ kind: 'refused', status: 302 });
      const ac = new AbortController();
      setTimeout(() => ac.abort(), 100);
      expect(await kind(open(`ws://127.0.0.1:${wsPort}/hang`, true, ac.signal))).toBe('aborted');
      expect(await kind(client.openWebSocket({ url: `ws://127.0.0.1:${wsPort}/hang`, allowPrivate: true, handshakeMs: 200, maxPayload: 1024, maxErrorBytes: 1024, signal: new AbortController().signal }))).toBe('timeout');
    });
  });
});
