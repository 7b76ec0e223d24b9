import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundClient, OutboundError } from './outbound.service';

describe('OutboundClient', () => {
  let server: Server;
  let port: number;
  const client = new OutboundClient();

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

  it('a body cut short, or already destroyed, fails the read instead of hanging', async () => {
    const cut = await client.request({ url: `http://127.0.0.1:${port}/cut`, allowPrivate: true });
    expect(await kind(client.readText(cut))).not.toBe('ok');
    const gone = await client.request({ url: `http://127.0.0.1:${port}/`, allowPrivate: true });
    gone.body.destroy();
    expect(await kind(client.readText(gone))).toBe('aborted');
  });
});
