import { z } from 'zod';

/** The public status object the console reads at startup (`StatusService.status`). */
export const statusSchema = z
  .object({
    version: z.string(),
    start_time: z.int().meta({ description: 'When this server started, unix seconds' }),
    system_name: z.string(),
    logo: z.string(),
    footer_html: z.string(),
    quota_per_unit: z.number(),
    display_in_currency: z.boolean(),
    display_token_stat: z.boolean(),
    enable_drawing: z.boolean(),
    enable_task: z.boolean(),
    enable_data_export: z.boolean(),
    data_export_default_time: z.string().meta({ description: 'hour, day or week' }),
    default_collapse_sidebar: z.boolean(),
    mj_notify_enabled: z.boolean(),
    chat_link: z.string(),
    chat_link2: z.string(),
    chats: z.array(z.unknown()).meta({ description: 'The chat-client links (option Chats)' }),
    email_verification: z.boolean(),
    turnstile_check: z.boolean(),
    turnstile_site_key: z.string(),
    github_oauth: z.boolean(),
    github_client_id: z.string(),
    linuxdo_oauth: z.boolean(),
    linuxdo_client_id: z.string(),
    linuxdo_minimum_trust_level: z.number(),
    wechat_login: z.boolean(),
    wechat_qrcode: z.string(),
    telegram_oauth: z.boolean(),
    telegram_bot_name: z.string(),
    price: z.number(),
    usd_exchange_rate: z.number(),
    min_topup: z.number(),
    enable_online_topup: z.boolean().meta({ description: 'The epay address, id and key are all set' }),
    server_address: z.string(),
    top_up_link: z.string(),
    docs_link: z.string(),
    MonitorLink: z.string(),
    MonitorLinkEnabled: z.boolean(),
    password_login: z.boolean(),
    password_register: z.boolean(),
    register_enabled: z.boolean(),
    demo_site_enabled: z.boolean(),
    self_use_mode_enabled: z.boolean(),
    enable_batch_update: z.boolean(),
    setup: z.boolean(),
  })
  .meta({ id: 'Status' });

export type StatusView = z.output<typeof statusSchema>;

export const contactInfoSchema = z.object({ QQContact: z.string(), WeChatContact: z.string() }).meta({ id: 'ContactInfo' });

/** group -> its label, for the groups the caller may use. */
export const groupLabelsSchema = z.record(z.string(), z.string()).meta({ id: 'GroupLabels' });

/** group -> its ratio and label (the playground's group list). */
export const groupRatiosSchema = z.record(z.string(), z.object({ ratio: z.number(), desc: z.string() })).meta({ id: 'GroupRatios' });
