/** Every action the audit log records; the document names them (schema `AuditAction`), and the console's filter reads them there. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'user.password_change',
  'user.password_reset',
  'user.email_change',
  'user.binding_add',
  'user.binding_remove',
  'user.access_token_reset',
  'user.create',
  'user.update',
  'user.role_change',
  'user.status_change',
  'user.quota_change',
  'user.delete',
  'option.change',
  'channel.key_view',
  'channel.create',
  'channel.update',
  'channel.delete',
  'token.key_view',
  'token.create',
  'redemption.create',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(v: string): v is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(v);
}

export type AuditOutcome = 'success' | 'failure';

/** Sign-in methods a sign-in row names. */
export type SignInMethod = 'password' | 'github' | 'linuxdo' | 'wechat' | 'telegram' | 'oidc';

/** Option keys of the payment settings: an option change touching one is marked `payment: true`. */
export const PAYMENT_OPTION_KEYS: ReadonlySet<string> = new Set([
  'ServerAddress',
  'WorkerUrl',
  'WorkerValidKey',
  'EpayId',
  'EpayKey',
  'PayAddress',
  'CustomCallbackAddress',
  'Price',
  'USDExchangeRate',
  'MinTopUp',
  'TopupGroupRatio',
  'TopupAffiliate',
  'TopUpLink',
]);
