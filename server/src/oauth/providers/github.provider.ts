import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import { OAuthError } from '../oauth.errors';
import { asRecord, displayName, logProviderRefusal, numericId, providerFailed, providerJson, type ProviderIdentity } from './provider-http';

const NAME = 'GitHub';

/**
 * GitHub's web flow: the code is exchanged at /login/oauth/access_token, then /user (and
 * /user/emails when the profile shows no address) is read. Base URLs are operator configuration
 * (GITHUB_OAUTH_URL, GITHUB_API_URL), so a loopback mirror is allowed for them.
 */
@Injectable()
export class GitHubProvider {
  constructor(
    private readonly options: OptionsService,
    private readonly http: OutboundClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.options.bool('GitHubOAuthEnabled') && this.options.get('GitHubClientId') !== '' && this.options.get('GitHubClientSecret') !== '';
  }

  authorizeUrl(state: string): string {
    const q = new URLSearchParams({ client_id: this.options.get('GitHubClientId'), state, scope: 'user:email' });
    return `${this.config.oauth.githubUrl}/login/oauth/authorize?${q.toString()}`;
  }

  async identify(code: string): Promise<ProviderIdentity> {
    const token = await providerJson(this.http, NAME, 'token', {
      url: `${this.config.oauth.githubUrl}/login/oauth/access_token`,
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: this.options.get('GitHubClientId'), client_secret: this.options.get('GitHubClientSecret'), code }),
      allowPrivate: true,
    });
    const accessToken = asRecord(token.json)?.access_token;
    if (token.status !== 200 || typeof accessToken !== 'string' || accessToken === '') {
      logProviderRefusal(NAME, 'token', token.status);
      throw providerFailed(NAME);
    }
    const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/vnd.github+json', 'user-agent': 'Sluice' };
    const user = await providerJson(this.http, NAME, 'user', { url: `${this.config.oauth.githubApiUrl}/user`, headers, allowPrivate: true });
    const profile = asRecord(user.json);
    const id = numericId(profile?.id);
    if (user.status !== 200 || !profile || !id) {
      logProviderRefusal(NAME, 'user', user.status);
      throw providerFailed(NAME);
    }
    let email = typeof profile.email === 'string' ? profile.email : '';
    if (email === '') email = await this.primaryEmail(headers);
    return { id, displayName: displayName(profile.login, profile.name), email };
  }

  /** The primary verified address, when the user allowed the email scope; '' otherwise. */
  private async primaryEmail(headers: Record<string, string>): Promise<string> {
    try {
      const res = await providerJson(this.http, NAME, 'emails', { url: `${this.config.oauth.githubApiUrl}/user/emails`, headers, allowPrivate: true });
      if (res.status !== 200 || !Array.isArray(res.json)) return '';
      for (const item of res.json) {
        const e = asRecord(item);
        if (e && e.primary === true && e.verified === true && typeof e.email === 'string') return e.email;
      }
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
    }
    return '';
  }
}
