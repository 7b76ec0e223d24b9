import type { LogEntity } from './log.entity';

/** What an admin sees of a log row. `channel` is the channel id; `other` keeps admin_info. */
export interface AdminLogView {
  id: number;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_id: number;
  token_group: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  channel: number;
  client_ip: string;
  request_id: string;
  other: string;
}

/**
 * What a user sees of their own log row: no channel, no user or token ids, and `other` cut down
 * to the keys below. The id is renumbered (page offset + index + 1) so global log volume stays private.
 */
export interface SelfLogView {
  id: number;
  created_at: number;
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_group: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  client_ip: string;
  request_id: string;
  other: string;
}

/**
 * Keys of `other` a user may see (billing ratios and request details). Anything else, notably
 * admin_info (retry chain, use_channel), is dropped. New keys written by the relay must be added here.
 */
const SELF_OTHER_KEYS: ReadonlySet<string> = new Set([
  'model_ratio',
  'group_ratio',
  'user_group_ratio',
  'completion_ratio',
  'model_price',
  'cache_tokens',
  'cache_ratio',
  'cache_creation_tokens',
  'cache_creation_ratio',
  'frt',
  'reasoning_effort',
  'is_model_mapped',
  'upstream_model_name',
  'is_system_prompt_overwritten',
  'request_path',
  'claude',
  'image',
  'image_ratio',
  'image_output',
  'web_search',
  'web_search_call_count',
  'web_search_price',
  'file_search',
  'file_search_call_count',
  'file_search_price',
  'billing_source',
]);
const SELF_OTHER_PREFIXES = ['audio_', 'text_'];

export function selfOther(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return '{}';
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return '{}';
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    if (SELF_OTHER_KEYS.has(k) || SELF_OTHER_PREFIXES.some((p) => k.startsWith(p))) out[k] = v;
  }
  return JSON.stringify(out);
}

export function toAdminLogView(l: LogEntity): AdminLogView {
  return {
    id: l.id,
    user_id: l.userId,
    created_at: l.createdAt,
    type: l.type,
    content: l.content,
    username: l.username,
    token_name: l.tokenName,
    token_id: l.tokenId,
    token_group: l.tokenGroup,
    model_name: l.modelName,
    quota: l.quota,
    prompt_tokens: l.promptTokens,
    completion_tokens: l.completionTokens,
    use_time: l.useTime,
    is_stream: l.isStream,
    channel: l.channelId,
    client_ip: l.clientIp,
    request_id: l.requestId ?? '',
    other: l.other,
  };
}

export function toSelfLogView(l: LogEntity, displayId: number): SelfLogView {
  return {
    id: displayId,
    created_at: l.createdAt,
    type: l.type,
    content: l.content,
    username: l.username,
    token_name: l.tokenName,
    token_group: l.tokenGroup,
    model_name: l.modelName,
    quota: l.quota,
    prompt_tokens: l.promptTokens,
    completion_tokens: l.completionTokens,
    use_time: l.useTime,
    is_stream: l.isStream,
    client_ip: l.clientIp,
    request_id: l.requestId ?? '',
    other: selfOther(l.other),
  };
}

export interface LogExportView {
  id: number;
  status: string;
  row_count: number;
  created_at: number;
  finished_at: number | null;
  error: string;
}
