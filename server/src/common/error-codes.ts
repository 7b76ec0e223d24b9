import type { MessageKey } from './messages';

/**
 * Every error code the management API (`/api/...`) answers with, listed once, by domain.
 *
 * The envelope of a refusal is `{success: false, message, code}` (plus `field` when one input
 * field is at fault). `code` is `<domain>.<reason>`: stable, so clients and scripts can match on
 * it, while `message` is the spec's words in the caller's language. A code is also the catalogue
 * key of its message (`common/messages.ts`), so the compiler checks that each has both languages.
 * Add a code here, and its message there, before throwing it; never rename or reuse one.
 * The relay (`/v1`, `/pg`, task routes) keeps its own OpenAI-style codes (`relay/edge/relay-errors.ts`).
 */
export const ERROR_CODES = {
  common: [
    'bad_request',
    'invalid_json',
    'body_too_large',
    'unsupported_media_type',
    'not_found',
    'method_not_allowed',
    'too_many_requests',
    'internal',
    'invalid_id',
    'field_required',
    'field_type',
    'field_min',
    'field_max',
    'field_too_long',
    'field_value',
  ],
  aff: [
    'insufficient',
    'quota_invalid',
    'transfer_min',
  ],
  audit: [
    'invalid_filter',
  ],
  auth: [
    'access_token_invalid',
    'banned',
    'forbidden',
    'login_empty',
    'login_failed',
    'not_logged_in',
    'password_login_disabled',
    'password_register_disabled',
    'register_disabled',
    'turnstile_empty',
    'turnstile_failed',
    'user_header_invalid',
    'user_header_mismatch',
    'user_header_missing',
  ],
  bind: [
    'use_post',
  ],
  channel: [
    'auto_ban_invalid',
    'balance_failed',
    'balance_unsupported',
    'batch_ids_required',
    'fetch_models_failed',
    'fetch_models_key_required',
    'fetch_models_unsupported',
    'field_too_long',
    'invalid_base_url',
    'invalid_priority',
    'invalid_status',
    'invalid_type',
    'invalid_weight',
    'key_format',
    'key_multiline',
    'key_required_for_upstream_change',
    'ma_input_tokens_invalid',
    'model_mapping_invalid',
    'models_required',
    'name_key_required',
    'name_too_long',
    'not_found',
    'priority_min',
    'private_base_url',
    'status_code_mapping_invalid',
    'test_model_invalid',
    'too_many_ids',
    'too_many_keys',
  ],
  checkin: [
    'already',
    'invalid_month',
  ],
  data: [
    'invalid_time_range',
    'invalid_timestamp',
    'span_too_long',
  ],
  log: [
    'export_busy',
    'export_not_found',
    'export_not_ready',
    'invalid_channel',
    'invalid_time_range',
    'invalid_timestamp',
    'invalid_type',
    'target_timestamp_required',
  ],
  mail: [
    'not_configured',
    'send_failed',
  ],
  oauth: [
    'already_bound',
    'code_required',
    'disabled',
    'linuxdo_inactive',
    'linuxdo_level',
    'not_bound',
    'provider_failed',
    'server_address_required',
    'state_invalid',
    'telegram_expired',
    'telegram_invalid',
    'unbind_last',
    'unknown_provider',
    'wechat_code_invalid',
  ],
  option: [
    'group_rate_limits_field',
    'group_rate_limits_integer',
    'group_rate_limits_object',
    'invalid_bool',
    'invalid_choice',
    'invalid_integer',
    'invalid_json',
    'invalid_json_list',
    'invalid_json_object',
    'invalid_number',
    'invalid_topup_group_ratio',
    'invalid_url',
    'key_required',
    'linuxdo_min_level',
    'out_of_range',
    'root_only',
    'server_address_required',
    'unknown_key',
  ],
  payment: [
    'method_invalid',
    'order_done',
    'order_not_found',
    'status_invalid',
    'trade_no_invalid',
  ],
  perf: [
    'invalid_window',
  ],
  pricing: [
    'group_forbidden',
    'group_invalid',
  ],
  redemption: [
    'count_max',
    'count_positive',
    'edit_unused_only',
    'expire_time_invalid',
    'expired',
    'ids_invalid',
    'invalid',
    'invalid_status',
    'key_required',
    'name_length',
    'name_required',
    'not_found',
    'quota_invalid',
    'used',
    'used_cannot_change',
  ],
  relay: [
    'playground_session_required',
  ],
  reset: [
    'invalid',
  ],
  token: [
    'batch_empty',
    'batch_too_many',
    'count_invalid',
    'exhausted_cannot_enable',
    'expired_cannot_enable',
    'expiry_format',
    'group_forbidden',
    'group_required',
    'invalid_status',
    'ip_invalid',
    'limit_invalid',
    'model_limits_invalid',
    'name_too_long',
    'not_found',
    'quota_exceed_max',
    'quota_invalid',
    'quota_negative',
    'rate_limit_invalid',
    'too_many',
  ],
  user: [
    'already_admin',
    'already_common',
    'cannot_enable',
    'cannot_manage_peer',
    'code_invalid',
    'code_required',
    'deleted',
    'display_name_too_long',
    'email_alias_not_allowed',
    'email_domain_not_allowed',
    'email_invalid',
    'email_required',
    'email_taken',
    'email_too_long',
    'email_verification_required',
    'invalid_action',
    'invalid_group',
    'invalid_quota',
    'not_found',
    'only_root_promotes',
    'original_password_wrong',
    'password_mismatch',
    'password_too_long',
    'password_too_short',
    'quota_would_be_negative',
    'root_cannot_delete',
    'root_cannot_demote',
    'root_cannot_disable',
    'username_required',
    'username_taken',
    'username_too_long',
  ],
  wallet: [
    'amount_invalid',
    'amount_min',
    'amount_too_low',
    'topup_disabled',
  ],
} as const satisfies Record<string, readonly string[]>;

type Registry = typeof ERROR_CODES;

/** `token.quota_negative`, `user.username_taken`, ...: the union of every registered code. */
export type ErrorCode = { [D in keyof Registry]: `${D & string}.${Registry[D][number]}` }[keyof Registry];

/** Compile-time check: every code is a catalogue key (its message exists in zh and en). */
type CodesHaveMessages = ErrorCode extends MessageKey ? true : never;
export const CODES_HAVE_MESSAGES: CodesHaveMessages = true;

/** All codes, flat, in registry order (the OpenAPI document lists them). */
export function allErrorCodes(): ErrorCode[] {
  return Object.entries(ERROR_CODES).flatMap(([domain, reasons]) => reasons.map((r) => `${domain}.${r}` as ErrorCode));
}

export function isErrorCode(v: string): v is ErrorCode {
  const dot = v.indexOf('.');
  if (dot < 0) return false;
  const reasons = (ERROR_CODES as Record<string, readonly string[]>)[v.slice(0, dot)];
  return reasons !== undefined && reasons.includes(v.slice(dot + 1));
}
