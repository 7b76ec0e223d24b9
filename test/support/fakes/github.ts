import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAuthFake } from './fake-oauth';
import { readBody, sendJson } from './fake-server';

export interface GitHubUser {
  id: number;
  login: string;
  name?: string | null;
  /** The profile's public e-mail (null when hidden: the gateway then asks /user/emails). */
  email?: string | null;
  emails?: { email: string; primary: boolean; verified: boolean }[];
}

export type GitHubFault = 'none' | 'token_error' | 'user_500' | 'close' | 'hang';

/**
 * GitHub's OAuth web flow and REST API on loopback, as documented
 * (docs.github.com/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps):
 * GET /login/oauth/authorize redirects to the app's callback with `code` and `state`;
 * POST /login/oauth/access_token (JSON or form, Accept: application/json) answers
 * `{access_token, token_type, scope}` or, with HTTP 200, `{error, error_description}`;
 * GET /user and GET /user/emails need `Authorization: Bearer <token>`.
 * Codes are single use; every call is recorded.
 */
export class FakeGitHub extends OAuthFake<GitHubUser> {
  readonly calls: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  fault: GitHubFault = 'none';
  /** Where /login/oauth/authorize sends the browser (the app's callback page). */
  callbackUrl = '';

  protected override mintCode(): string {
    return randomBytes(10).toString('hex');
  }

  protected override mintToken(): string {
    return `gho_${randomBytes(18).toString('hex')}`;
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(req)).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    this.calls.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });
    if (this.fault === 'close') {
      req.socket.destroy();
      return;
    }
    // Never answers (the gateway's own timeout must end the wait).
    if (this.fault === 'hang') return;
    const json = (status: number, value: unknown) => sendJson(res, status, value, { 'content-type': 'application/json; charset=utf-8' });
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      if (url.searchParams.get('client_id') !== this.clientId || !this.browserUser || !this.callbackUrl) return json(404, { message: 'Not Found' });
      return this.redirectWithCode(res, this.callbackUrl, this.browserUser, url.searchParams.get('state') ?? '');
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const params = (req.headers['content-type'] ?? '').includes('json')
        ? (JSON.parse(body || '{}') as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      const user = this.codeUser(params.code ?? '');
      if (this.fault === 'token_error' || params.client_id !== this.clientId || params.client_secret !== this.clientSecret || !user) {
        return json(200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
          error_uri: 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code',
        });
      }
      return json(200, { access_token: this.redeem(params.code ?? '', user), token_type: 'bearer', scope: 'user:email' });
    }
    const auth = req.headers.authorization ?? '';
    const user = this.tokenUser(auth.replace(/^(Bearer|token)\s+/i, ''));
    if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      if (!user) return json(401, { message: 'Requires authentication', documentation_url: 'https://docs.github.com/rest' });
      if (this.fault === 'user_500') return json(500, { message: 'Server Error' });
      if (url.pathname === '/user') {
        return json(200, { login: user.login, id: user.id, node_id: `U_${user.id}`, type: 'User', name: user.name ?? null, email: user.email ?? null });
      }
      return json(200, user.emails ?? []);
    }
    json(404, { message: 'Not Found' });
  }
}
