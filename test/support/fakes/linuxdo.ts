import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LinuxDoUser {
  id: number;
  username: string;
  name?: string;
  active?: boolean;
  trust_level: number;
  silenced?: boolean;
}

/**
 * LinuxDO Connect on loopback (connect.linux.do, a standard OAuth 2 server):
 * GET /oauth2/authorize redirects to the registered redirect URI with `code` and `state`;
 * POST /oauth2/token takes `grant_type=authorization_code`, `code`, `redirect_uri` with the
 * client credentials in HTTP Basic auth and answers `{access_token, token_type, expires_in}`
 * (400 `{error: "invalid_grant"}` otherwise); GET /api/user with the bearer token answers
 * `{id, username, name, active, trust_level, silenced}`.
 */
export class FakeLinuxDo {
  readonly tokenCalls: { redirectUri: string; basic: string }[] = [];
  down = false;
  /** The user the authorize page signs in as (browser tests). */
  browserUser: LinuxDoUser | null = null;
  url = '';
  private readonly codes = new Map<string, LinuxDoUser>();
  private readonly tokens = new Map<string, LinuxDoUser>();
  private readonly server: Server;

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => this.handle(req, res, body));
    });
  }

  codeFor(user: LinuxDoUser): string {
    const code = randomBytes(12).toString('base64url');
    this.codes.set(code, user);
    return code;
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (this.down) return json(503, { error: 'temporarily_unavailable' });
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== this.clientId || !redirect || !this.browserUser) return json(400, { error: 'invalid_request' });
      const target = new URL(redirect);
      target.searchParams.set('code', this.codeFor(this.browserUser));
      target.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: target.toString() });
      res.end();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(body);
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64').toString();
      this.tokenCalls.push({ redirectUri: form.get('redirect_uri') ?? '', basic });
      const user = this.codes.get(form.get('code') ?? '');
      if (basic !== `${this.clientId}:${this.clientSecret}` || form.get('grant_type') !== 'authorization_code' || !user) {
        return json(400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' });
      }
      this.codes.delete(form.get('code') ?? '');
      const token = randomBytes(16).toString('hex');
      this.tokens.set(token, user);
      return json(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
    }
    if (req.method === 'GET' && url.pathname === '/api/user') {
      const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, { active: true, silenced: false, name: user.username, ...user });
    }
    json(404, { error: 'not_found' });
  }
}
