import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import { OAuthError } from '../oauth.errors';
import { asRecord, displayName, logProviderRefusal, numericId, providerFailed, providerJson, type ProviderIdentity } from './provider-http';

const NAME = 'LinuxDO';

/**
 * LinuxDO Connect: /oauth2/token (client credentials in Basic auth, redirect URI from
 * ServerAddress, never from the Host header) then /api/user; a trust level below LinuxDoMinLevel,
 * an inactive or a silenced account is refused.
 */
@Injectable()
export class LinuxDoProvider {
  constructor(
    private readonly options: OptionsService,
    private readonly http: OutboundClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.options.bool('LinuxDOOAuthEnabled') && this.options.get('LinuxDOClientId') !== '' && this.options.get('LinuxDOClientSecret') !== '';
  }

  private redirectUri(): string {
    const base = this.options.get('ServerAddress');
    if (base === '') throw OAuthError.of('oauth.server_address_required', { provider: NAME });
    return `${base}/oauth/linuxdo`;
  }

  authorizeUrl(state: string): string {
    const q = new URLSearchParams({ response_type: 'code', client_id: this.options.get('LinuxDOClientId'), state });
    const base = this.options.get('ServerAddress');
    if (base !== '') q.set('redirect_uri', `${base}/oauth/linuxdo`);
    return `${this.config.oauth.linuxdoUrl}/oauth2/authorize?${q.toString()}`;
  }

  async identify(code: string): Promise<ProviderIdentity> {
    const basic = Buffer.from(`${this.options.get('LinuxDOClientId')}:${this.options.get('LinuxDOClientSecret')}`).toString('base64');
    const token = await providerJson(this.http, NAME, 'token', {
      url: `${this.config.oauth.linuxdoUrl}/oauth2/token`,
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: this.redirectUri() }).toString(),
      allowPrivate: true,
    });
    const accessToken = asRecord(token.json)?.access_token;
    if (token.status !== 200 || typeof accessToken !== 'string' || accessToken === '') {
      logProviderRefusal(NAME, 'token', token.status);
      throw providerFailed(NAME);
    }
    const user = await providerJson(this.http, NAME, 'user', {
      url: `${this.config.oauth.linuxdoUrl}/api/user`,
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      allowPrivate: true,
    });
    const profile = asRecord(user.json);
    const id = numericId(profile?.id);
    if (user.status !== 200 || !profile || !id) {
      logProviderRefusal(NAME, 'user', user.status);
      throw providerFailed(NAME);
    }
    if (profile.active === false || profile.silenced === true) throw OAuthError.of('oauth.linuxdo_inactive', {}, 403);
    const level = typeof profile.trust_level === 'number' && Number.isInteger(profile.trust_level) ? profile.trust_level : 0;
    const min = this.options.num('LinuxDoMinLevel');
    if (level < min) throw OAuthError.of('oauth.linuxdo_level', { min, level }, 403);
    return { id, displayName: displayName(profile.username, profile.name), level };
  }
}
