import { Injectable } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import type { StatusView } from './dto/status.dto';

export const VERSION = '0.1.0';

/** The public status object the console reads at startup. */
@Injectable()
export class StatusService {
  private readonly startTime = Math.floor(Date.now() / 1000);

  constructor(private readonly options: OptionsService) {}

  status(): StatusView {
    const o = this.options;
    return {
      version: VERSION,
      start_time: this.startTime,
      system_name: o.get('SystemName'),
      logo: o.get('Logo'),
      footer_html: o.get('Footer'),
      quota_per_unit: o.num('QuotaPerUnit'),
      display_in_currency: o.bool('DisplayInCurrencyEnabled'),
      display_token_stat: o.bool('DisplayTokenStatEnabled'),
      enable_drawing: o.bool('DrawingEnabled'),
      enable_task: o.bool('TaskEnabled'),
      enable_data_export: o.bool('DataExportEnabled'),
      data_export_default_time: o.get('DataExportDefaultTime'),
      default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
      mj_notify_enabled: o.bool('MjNotifyEnabled'),
      chat_link: o.get('ChatLink'),
      chat_link2: o.get('ChatLink2'),
      chats: o.json<unknown[]>('Chats'),
      email_verification: o.bool('EmailVerificationEnabled'),
      turnstile_check: o.bool('TurnstileCheckEnabled'),
      turnstile_site_key: o.get('TurnstileSiteKey'),
      github_oauth: o.bool('GitHubOAuthEnabled'),
      github_client_id: o.get('GitHubClientId'),
      linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
      linuxdo_client_id: o.get('LinuxDOClientId'),
      linuxdo_minimum_trust_level: o.num('LinuxDoMinLevel'),
      wechat_login: o.bool('WeChatAuthEnabled'),
      wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
      telegram_oauth: o.bool('TelegramOAuthEnabled'),
      telegram_bot_name: o.get('TelegramBotName'),
      price: o.num('Price'),
      usd_exchange_rate: o.num('USDExchangeRate'),
      min_topup: o.num('MinTopUp'),
      enable_online_topup: o.get('PayAddress') !== '' && o.get('EpayId') !== '' && o.get('EpayKey') !== '',
      server_address: o.get('ServerAddress'),
      top_up_link: o.get('TopUpLink'),
      docs_link: o.get('DocsLink'),
      MonitorLink: o.get('MonitorLink'),
      MonitorLinkEnabled: o.bool('MonitorLinkEnabled'),
      password_login: o.bool('PasswordLoginEnabled'),
      password_register: o.bool('PasswordRegisterEnabled'),
      register_enabled: o.bool('RegisterEnabled'),
      demo_site_enabled: o.bool('DemoSiteEnabled'),
      self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
      enable_batch_update: false,
      setup: true,
    };
  }
}
