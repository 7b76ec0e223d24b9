import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CancelSwitch, OutboundClient, OutboundError, type OutboundBody } from './outbound.service';

/** Real answers over loopback: the body is fed by the dispatch handler, through each client the relay may use. */
describe.each([
  ['the lean agent', false],
  ['undici', true],
])('OutboundBody (%s)', (_name, viaUndici) => {
  let server: Server;
  let base: string;
  const client = viaUndici ? OutboundClient.undiciOnly() : new OutboundClient();
  /** Per path: how the test server answers, and what it saw of the request's end. */
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  const closedEarly = new Set<string>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = req.url ?? '/';
      res.on('close', () => {
        if (!res.writableFinished) closedEarly.add(path);
      });
      (routes.get(path) ?? ((_q, r) => r.end('hello')))(req, res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await client.onApplicationShutdown();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  const tick = () => new Promise((r) => setImmediate(r));
  const until = async (cond: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
    expect(cond()).toBe(true);
  };
  /** Every event of the body in order: data as text, then end / error / close. */
  const record = (body: OutboundBody): string[] => {
    const seen: string[] = [];
    body.on('data', (c: Buffer) => seen.push(c.toString()));
    body.on('end', () => seen.push('<end>'));
    body.on('error', (e: Error) => seen.push(`<error ${e.name}>`));
    body.on('close', () => seen.push('<close>'));
    return seen;
  };
  const get = (path: string, extra: { signal?: CancelSwitch | AbortSignal; idleMs?: number } = {}) =>
    client.request({ url: `${base}${path}`, allowPrivate: true, signal: extra.signal, timeouts: extra.idleMs ? { idleMs: extra.idleMs } : undefined });

  it('holds what comes before anyone reads, then gives it in order, then end and close', async () => {
    routes.set('/early', (_q, res) => {
      res.write('one ');
      res.write('two ');
      res.end('three');
    });
    const res = await get('/early');
    expect(res.status).toBe(200);
    // The whole answer arrives before anyone reads it.
    await new Promise((r) => setTimeout(r, 50));
    const seen = record(res.body);
    // A reader's first chunk comes on a later tick, as a Readable's does.
    expect(seen).toEqual([]);
    await until(() => seen.includes('<close>'));
    expect(seen.join('')).toBe('one two three<end><close>');
    expect(res.body.readableEnded).toBe(true);
  });

  it('a paused reader gets nothing until it resumes, then everything in order; a full buffer pauses the upstream', async () => {
    // Far more than the loopback socket buffers hold (a few MB), so a paused upstream is seen.
    const parts = Array.from({ length: 400 }, (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(32 * 1024)}`);
    let sent = 0;
    routes.set('/big', (_q, res) => {
      const next = (): void => {
        while (sent < parts.length) {
          const ok = res.write(parts[sent++]);
          if (!ok) {
            res.once('drain', next);
            return;
          }
        }
        res.end();
      };
      next();
    });
    const res = await get('/big');
    const got: string[] = [];
    res.body.on('data', (c: Buffer) => got.push(c.toString()));
    let ended = false;
    res.body.on('end', () => (ended = true));
    await until(() => got.length > 0);
    res.body.pause();
    const before = got.join('').length;
    // Wait until the upstream stops sending (or has sent it all).
    for (let last = -1; last !== sent && sent < parts.length; ) {
      last = sent;
      await new Promise((r) => setTimeout(r, 100));
    }
    // Paused: no more data; the body holds little (the upstream was paused past 64 KiB), and the
    // upstream stopped short of the whole body (the rest sits in the loopback socket buffers).
    expect(got.join('').length).toBe(before);
    expect((res.body as unknown as { waitingBytes: number }).waitingBytes).toBeLessThan(256 * 1024);
    expect(sent).toBeLessThan(parts.length);
    res.body.resume();
    await until(() => ended);
    expect(got.join('')).toBe(parts.join(''));
  });

  it('destroy cuts the upstream request; close follows, and an error only with a listener', async () => {
    routes.set('/held', (_q, res) => res.write('start'));
    const res = await get('/held');
    const seen = record(res.body);
    await until(() => seen.length > 0);
    res.body.destroy();
    await until(() => closedEarly.has('/held'));
    await tick();
    expect(seen).toEqual(['start', '<close>']);
    expect(res.body.destroyed).toBe(true);
    // With an error: told to its listener.
    routes.set('/held2', (_q, r) => r.write('start'));
    const res2 = await get('/held2');
    const seen2 = record(res2.body);
    res2.body.destroy(new Error('enough'));
    await until(() => seen2.includes('<close>'));
    expect(seen2).toEqual(['<error Error>', '<close>']);
    await until(() => closedEarly.has('/held2'));
  });

  it('an upstream that breaks off mid-body is an error to the reader, never thrown without a listener', async () => {
    routes.set('/broken', (_q, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('part');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const res = await get('/broken');
    const seen = record(res.body);
    await until(() => seen.includes('<close>'));
    expect(seen[0]).toBe('part');
    expect(seen.slice(1)).toEqual([expect.stringMatching(/^<error /), '<close>']);
    // Nobody listening for errors: the break is dropped quietly (no uncaught exception).
    const res2 = await get('/broken');
    let closed = false;
    res2.body.on('close', () => (closed = true));
    res2.body.resume();
    await until(() => closed);
  });

  it('a cancel before the headers rejects the request; after them it destroys the body and cuts the upstream', async () => {
    routes.set('/slow-head', (_q, res) => setTimeout(() => res.end('late'), 2000));
    const before = new CancelSwitch();
    const pending = get('/slow-head', { signal: before });
    setTimeout(() => before.abort(), 30);
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    const already = new AbortController();
    already.abort();
    await expect(get('/', { signal: already.signal })).rejects.toBeInstanceOf(OutboundError);

    routes.set('/cancel-mid', (_q, res) => res.write('first'));
    const after = new CancelSwitch();
    const res = await get('/cancel-mid', { signal: after });
    const seen = record(res.body);
    await until(() => seen.length > 0);
    after.abort();
    await until(() => seen.includes('<close>'));
    expect(seen).toEqual(['first', '<error AbortError>', '<close>']);
    await until(() => closedEarly.has('/cancel-mid'));
  });

  it('the idle timeout between chunks fails the body', async () => {
    routes.set('/stall', (_q, res) => res.write('once'));
    const res = await get('/stall', { idleMs: 200 });
    const seen = record(res.body);
    await until(() => seen.includes('<close>'));
    expect(seen).toEqual(['once', '<error BodyTimeoutError>', '<close>']);
  });

  it('readable(): a real stream over the body; leaving a for-await loop cuts the upstream', async () => {
    routes.set('/whole', (_q, res) => {
      res.write('a');
      setTimeout(() => res.end('b'), 20);
    });
    let all = '';
    for await (const c of (await get('/whole')).body.readable()) all += (c as Buffer).toString();
    expect(all).toBe('ab');
    routes.set('/endless', (_q, res) => {
      const t = setInterval(() => res.write('.'), 5);
      res.on('close', () => clearInterval(t));
    });
    let n = 0;
    for await (const c of (await get('/endless')).body.readable()) {
      n += (c as Buffer).length;
      if (n >= 3) break;
    }
    await until(() => closedEarly.has('/endless'));
  });
});
