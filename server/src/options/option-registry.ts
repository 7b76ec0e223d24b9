import {
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_GROUP_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_AUDIO_COMPLETION_RATIO,
  DEFAULT_AUDIO_RATIO,
  DEFAULT_MODEL_RATIO,
  DEFAULT_USER_USABLE_GROUPS,
} from '../pricing/default-ratios';
import { DEFAULT_CACHE_RATIO, DEFAULT_CREATE_CACHE_RATIO } from '../pricing/cache-ratio';

/**
 * Every option key: its kind, default and rules. GET hides secrets; PUT validates per kind.
 * Values travel as text, booleans as "true"/"false".
 */
export type OptionKind =
  | { type: 'bool' }
  | { type: 'int'; min?: number; max?: number }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'string'; max?: number }
  | { type: 'text' }
  | { type: 'url' }
  | { type: 'json-object' }
  | { type: 'json-list' }
  | { type: 'choice'; values: readonly string[] };

export interface OptionDef {
  kind: OptionKind;
  default: string;
  /** Hidden from GET /api/option/ and from every response. */
  secret?: boolean;
  /** Only the super admin may change it. */
  rootOnly?: boolean;
  /** Payment keys need ServerAddress first. */
  needsServerAddress?: boolean;
}

const bool = (dflt: boolean, extra: Partial<OptionDef> = {}): OptionDef => ({ kind: { type: 'bool' }, default: String(dflt), ...extra });
const int = (dflt: number, min = 0, max = Number.MAX_SAFE_INTEGER): OptionDef => ({ kind: { type: 'int', min, max }, default: String(dflt) });
const num = (dflt: number, min = 0, max = Number.MAX_SAFE_INTEGER): OptionDef => ({ kind: { type: 'number', min, max }, default: String(dflt) });
const str = (dflt = '', extra: Partial<OptionDef> = {}): OptionDef => ({ kind: { type: 'string', max: 4096 }, default: dflt, ...extra });
const text = (dflt = ''): OptionDef => ({ kind: { type: 'text' }, default: dflt });
const url = (dflt = '', extra: Partial<OptionDef> = {}): OptionDef => ({ kind: { type: 'url' }, default: dflt, ...extra });
const secret = (extra: Partial<OptionDef> = {}): OptionDef => ({ kind: { type: 'string', max: 4096 }, default: '', secret: true, rootOnly: true, ...extra });
const obj = (dflt: unknown): OptionDef => ({ kind: { type: 'json-object' }, default: JSON.stringify(dflt, null, 2) });
const list = (dflt: unknown[]): OptionDef => ({ kind: { type: 'json-list' }, default: JSON.stringify(dflt) });

export const OPTION_DEFS = {
  // Login and registration
  PasswordLoginEnabled: bool(true),
  PasswordRegisterEnabled: bool(true),
  RegisterEnabled: bool(true),
  EmailVerificationEnabled: bool(false),
  EmailDomainRestrictionEnabled: bool(false),
  EmailAliasRestrictionEnabled: bool(false),
  EmailDomainWhitelist: str('gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com'),
  // Third-party login
  GitHubOAuthEnabled: bool(false),
  GitHubClientId: str(),
  GitHubClientSecret: secret(),
  LinuxDOOAuthEnabled: bool(false),
  LinuxDOClientId: str(),
  LinuxDOClientSecret: secret(),
  LinuxDoMinLevel: { kind: { type: 'int', min: 0, max: 4 }, default: '0' },
  WeChatAuthEnabled: bool(false),
  WeChatServerAddress: url(),
  WeChatServerToken: secret(),
  WeChatAccountQRCodeImageURL: url(),
  TelegramOAuthEnabled: bool(false),
  TelegramBotToken: secret(),
  TelegramBotName: str(),
  // Human check
  TurnstileCheckEnabled: bool(false),
  TurnstileSiteKey: str('', { secret: true }),
  TurnstileSecretKey: secret(),
  // E-mail
  SMTPServer: str('', { rootOnly: true }),
  SMTPPort: int(587, 1, 65535),
  SMTPAccount: str('', { rootOnly: true }),
  SMTPFrom: str('', { rootOnly: true }),
  SMTPToken: secret(),
  SMTPSSLEnabled: bool(false),
  // Payment
  ServerAddress: url(),
  WorkerUrl: url(),
  WorkerValidKey: secret(),
  EpayId: str('', { needsServerAddress: true, rootOnly: true }),
  EpayKey: secret({ needsServerAddress: true }),
  PayAddress: url('', { needsServerAddress: true, rootOnly: true }),
  CustomCallbackAddress: url('', { needsServerAddress: true }),
  Price: num(7.3, 0, 1e6),
  USDExchangeRate: num(7.3, 0, 1e6),
  MinTopUp: int(1, 0, 1e9),
  TopupGroupRatio: obj({ default: 1, vip: 1, svip: 1 }),
  TopupAffiliate: str(),
  // Display
  Notice: text(),
  SystemName: str('Sluice'),
  Logo: str('/logo.png'),
  Footer: text(),
  About: text(),
  HomePageContent: text(),
  TokenChannelDescription: text(),
  DebugDocument: text(),
  badgeContent: str(),
  badgeColor: str(),
  TopUpLink: url('', { rootOnly: true }),
  ChatLink: str(),
  ChatLink2: str(),
  Chats: list([{ 'ChatGPT Next Web': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' }]),
  QuotaPerUnit: num(500000, 1, 1e12),
  DisplayInCurrencyEnabled: bool(true),
  DisplayTokenStatEnabled: bool(true),
  DefaultCollapseSidebar: bool(false),
  QQContact: str(),
  WeChatContact: str(),
  DocsLink: url(),
  // Quota and limits
  QuotaForNewUser: int(0),
  QuotaForInviter: int(0),
  QuotaForInvitee: int(0),
  QuotaRemindThreshold: int(1000),
  PreConsumedQuota: int(500),
  /** Skip the relay hold for users (and tokens) holding more than $10 (reference §3.5; billing). */
  TrustBypassEnabled: bool(false, { rootOnly: true }),
  StreamCacheQueueLength: int(0, 0, 100000),
  /** Failover is what users come for (issue 15): 2 extra attempts on a fresh install; a stored value wins. */
  RetryTimes: int(2, 0, 10),
  MinQuota: int(5000),
  MaxQuota: int(100000),
  BonusPerDay: int(100),
  ModelRequestRateLimitEnabled: bool(false),
  ModelRequestRateLimitCount: int(0),
  ModelRequestRateLimitDurationMinutes: int(1, 1, 1440),
  ModelRequestRateLimitSuccessCount: int(1000),
  ModelRequestRateLimitGroup: obj({}),
  // Token and group limits, channel affinity (issue 26, relay/limits/)
  GroupRateLimits: obj({}),
  ChannelAffinityEnabled: bool(true),
  ChannelAffinityTTLSeconds: int(3600, 1, 30 * 86400),
  // Ratios
  ModelRatio: obj(DEFAULT_MODEL_RATIO),
  CompletionRatio: obj(DEFAULT_COMPLETION_RATIO),
  ModelPrice: obj(DEFAULT_MODEL_PRICE),
  CacheRatio: obj(DEFAULT_CACHE_RATIO),
  CreateCacheRatio: obj(DEFAULT_CREATE_CACHE_RATIO),
  AudioRatio: obj(DEFAULT_AUDIO_RATIO),
  AudioCompletionRatio: obj(DEFAULT_AUDIO_COMPLETION_RATIO),
  GroupRatio: obj(DEFAULT_GROUP_RATIO),
  UserUsableGroups: obj(DEFAULT_USER_USABLE_GROUPS),
  GroupDisplayNames: obj({}),
  HiddenGroups: list([]),
  // Channel automation
  AutomaticDisableChannelEnabled: bool(false),
  AutomaticEnableChannelEnabled: bool(false),
  ChannelDisableThreshold: num(5, 0, 86400),
  AllowPrivateUpstreamEnabled: bool(false, { rootOnly: true }),
  // Monitoring
  MonitorLink: url(),
  MonitorLinkEnabled: bool(false),
  // Scheduled test of every channel (NA-2602 monitor_setting); env CHANNEL_TEST_FREQUENCY overrides.
  'monitor_setting.auto_test_channel_enabled': bool(false),
  'monitor_setting.auto_test_channel_minutes': int(10, 1, 525_600),
  // Drawing and tasks
  DrawingEnabled: bool(true),
  TaskEnabled: bool(true),
  MjNotifyEnabled: bool(false),
  MjAccountFilterEnabled: bool(false),
  MjForwardUrlEnabled: bool(true),
  MjModeClearEnabled: bool(false),
  MjActionCheckSuccessEnabled: bool(true),
  // Sensitive words
  CheckSensitiveEnabled: bool(false),
  CheckSensitiveOnPromptEnabled: bool(false),
  CheckSensitiveOnCompletionEnabled: bool(false),
  StopOnSensitiveEnabled: bool(true),
  SensitiveWords: text(''),
  // Logs and dashboard
  LogConsumeEnabled: bool(true),
  // On by default as in new-api: a fresh install shows the data dashboard.
  DataExportEnabled: bool(true),
  DataExportInterval: int(5, 1, 1440),
  DataExportDefaultTime: { kind: { type: 'choice', values: ['hour', 'day', 'week'] }, default: 'hour' },
  // Audit log: days its rows are kept (the audit.prune job)
  AuditRetentionDays: int(180, 1, 3650),
  // Model vendors
  Manufacturers: list([]),
  // Modes
  SelfUseModeEnabled: bool(false),
  DemoSiteEnabled: bool(false),
} satisfies Record<string, OptionDef>;

export type OptionKey = keyof typeof OPTION_DEFS;

export function isOptionKey(key: string): key is OptionKey {
  return Object.prototype.hasOwnProperty.call(OPTION_DEFS, key);
}

/** Keys hidden from GET as the reference does: names ending in Token, Secret, Key, secret, api_key. */
export function isSecretKey(key: string): boolean {
  const def = isOptionKey(key) ? (OPTION_DEFS[key] as OptionDef) : undefined;
  return def?.secret === true || /(Token|Secret|Key|secret|api_key)$/.test(key);
}
