import { Injectable } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { OutboundClient } from '../../outbound/outbound.service';
import { OAuthError } from '../oauth.errors';
import { asRecord, logProviderRefusal, providerJson, type ProviderIdentity } from './provider-http';

const NAME = 'WeChat';

/**
 * The WeChat server of the QR-code flow (wechat-server): the user scans the account's QR code,
 * gets a code valid 3 minutes, and we ask `GET <WeChatServerAddress>/api/wechat/user?code=`
 * with the server token; it answers `{success, message, data: <openid>}`. The address is an
 * admin option, so a private address needs the root-only AllowPrivateUpstreamEnabled.
 */
@Injectable()
export class WeChatProvider {
  constructor(
    private readonly options: OptionsService,
    private readonly http: OutboundClient,
  ) {}

  get enabled(): boolean {
    return this.options.bool('WeChatAuthEnabled') && this.options.get('WeChatServerAddress') !== '' && this.options.get('WeChatServerToken') !== '';
  }

  async identify(rawCode: string | undefined): Promise<ProviderIdentity> {
    const code = (rawCode ?? '').trim();
    if (!/^[0-9A-Za-z]{1,64}$/.test(code)) throw OAuthError.of('oauth.code_required');
    const res = await providerJson(this.http, NAME, 'user', {
      url: `${this.options.get('WeChatServerAddress')}/api/wechat/user?code=${encodeURIComponent(code)}`,
      headers: { authorization: this.options.get('WeChatServerToken'), accept: 'application/json' },
      allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'),
    });
    const body = asRecord(res.json);
    const openId = body?.data;
    // The server's own message is not echoed: it is text from another host.
    if (res.status !== 200 || body?.success !== true || typeof openId !== 'string' || openId === '' || openId.length > 64) {
      logProviderRefusal(NAME, 'user', res.status);
      throw OAuthError.of('oauth.wechat_code_invalid', {}, 403);
    }
    return { id: openId, displayName: '' };
  }
}
