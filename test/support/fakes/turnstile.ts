import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Cloudflare Turnstile siteverify on loopback: POST form `secret`, `response`, `remoteip`;
 * answers `{"success": true}` for the one token it was told is valid under the right secret.
 */
export class FakeTurnstile {
  readonly calls: { secret: string; response: string; remoteip: string }[] = [];
  private server: Server;
  url = '';

  constructor(
    readonly secret: string,
    readonly validToken: string,
  ) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const call = { secret: form.get('secret') ?? '', response: form.get('response') ?? '', remoteip: form.get('remoteip') ?? '' };
        this.calls.push(call);
        const ok = req.method === 'POST' && req.url === '/turnstile/v0/siteverify' && call.secret === this.secret && call.response === this.validToken;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            ok
              ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [] }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/turnstile/v0/siteverify`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
