import type { ServerResponse } from 'node:http';
import { LoopbackFake } from './fake-server';

/**
 * What the OAuth 2 authorization-code fakes share: single-use codes handed out for a user, access
 * tokens minted when a code is redeemed, and the authorize page's redirect back to the app.
 * Each provider's endpoints, credentials checks and error shapes stay in its own fake.
 */
export abstract class OAuthFake<U> extends LoopbackFake {
  /** The user the authorize page signs in as (browser tests). */
  browserUser: U | null = null;
  private readonly codes = new Map<string, U>();
  private readonly tokens = new Map<string, U>();

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {
    super();
  }

  /** A fresh authorization code in the provider's format. */
  protected abstract mintCode(): string;
  /** A fresh access token in the provider's format. */
  protected abstract mintToken(): string;

  /** A fresh authorization code for this user, as the authorize page would hand out. */
  codeFor(user: U): string {
    const code = this.mintCode();
    this.codes.set(code, user);
    return code;
  }

  /** The user a code was handed out for, while it is not redeemed. */
  protected codeUser(code: string): U | undefined {
    return this.codes.get(code);
  }

  /** Spends the code and mints an access token for its user. */
  protected redeem(code: string, user: U): string {
    this.codes.delete(code);
    const token = this.mintToken();
    this.tokens.set(token, user);
    return token;
  }

  protected tokenUser(token: string): U | undefined {
    return this.tokens.get(token);
  }

  /** The authorize page signing `user` in: a 302 to `callback` with a fresh code and the state. */
  protected redirectWithCode(res: ServerResponse, callback: string, user: U, state: string): void {
    const target = new URL(callback);
    target.searchParams.set('code', this.codeFor(user));
    target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }
}
