import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAuthFake } from './fake-oauth';
import { readBody, sendJson } from './fake-server';

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
export class FakeLinuxDo extends OAuthFake<LinuxDoUser> {
  readonly tokenCalls: { redirectUri: string; basic: string }[] = [];
  down = false;

  protected override mintCode(): string {
    return randomBytes(12).toString('base64url');
  }

  protected override mintToken(): string {
    return randomBytes(16).toString('hex');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req)).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown) => sendJson(res, status, value);
    if (this.down) return json(503, { error: 'temporarily_unavailable' });
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const redirect = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== this.clientId || !redirect || !this.browserUser) return json(400, { error: 'invalid_request' });
      return this.redirectWithCode(res, redirect, this.browserUser, url.searchParams.get('state') ?? '');
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(body);
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic\s+/i, ''), 'base64').toString();
      this.tokenCalls.push({ redirectUri: form.get('redirect_uri') ?? '', basic });
      const user = this.codeUser(form.get('code') ?? '');
      if (basic !== `${this.clientId}:${this.clientSecret}` || form.get('grant_type') !== 'authorization_code' || !user) {
        return json(400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' });
      }
      return json(200, { access_token: this.redeem(form.get('code') ?? '', user), token_type: 'bearer', expires_in: 3600 });
    }
    if (req.method === 'GET' && url.pathname === '/api/user') {
      const user = this.tokenUser((req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''));
      if (!user) return json(401, { error: 'invalid_token' });
      return json(200, { active: true, silenced: false, name: user.username, ...user });
    }
    json(404, { error: 'not_found' });
  }
}
