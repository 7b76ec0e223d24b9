import { channelType, isChannelTypeId } from '../catalogue/catalogue';
import { PRIORITY_MAX, PRIORITY_MIN, WEIGHT_MAX, type ChannelStatus } from './channel.entity';
import { ChannelsError } from './channels-error';

/**
 * Validation of channel bodies (create and update). Pure: the console's field names in, the
 * entity's writable fields out. Only these fields can be written (no mass assignment):
 * usage counters, balance, test results and other_info belong to the system.
 */
export interface ChannelFields {
  type: number;
  name: string;
  /** Plain key (sealed by the service). */
  key: string;
  group: string;
  models: string;
  baseUrl: string;
  other: string;
  testModel: string;
  modelMapping: string;
  statusCodeMapping: string;
  openaiOrganization: string;
  maInputTokens: number;
  autoBan: number;
  testModels: string;
  tag: string;
  priority: number;
  weight: number;
  status: ChannelStatus;
}

const NAME_MAX = 128;
const KEY_MAX = 256 * 1024;
const TEXT_MAX = 64 * 1024;
const LIST_ITEM_MAX = 255;
const GROUP_LIST_MAX = 1024;

type Body = Record<string, unknown>;

/** True when the body carries the field (null and undefined count as absent). */
function has(body: Body, field: string): boolean {
  return body[field] !== undefined && body[field] !== null;
}

function toInt(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d{1,15}$/.test(v.trim())) return Number(v.trim());
  return null;
}

function text(v: unknown, max: number): string {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v !== 'string') throw ChannelsError.of('common.bad_request');
  if (v.length > max) throw ChannelsError.of('channel.field_too_long');
  return v;
}

/** A comma list (or an array) trimmed, without blanks and duplicates, in the given order. */
export function splitList(v: unknown): string[] {
  const parts = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : String(x))) : typeof v === 'string' ? v.split(',') : [];
  const out: string[] = [];
  for (const raw of parts) {
    const item = raw.trim();
    if (item === '' || out.includes(item)) continue;
    if (item.length > LIST_ITEM_MAX) throw ChannelsError.of('channel.field_too_long');
    out.push(item);
  }
  return out;
}

/** Trailing slashes are removed; anything but an http(s) address is refused. */
export function normalizeBaseUrl(v: unknown): string {
  const url = text(v, 1024).trim().replace(/\/+$/, '');
  if (url !== '' && !/^https?:\/\/[^\s/]+/i.test(url)) throw ChannelsError.of('channel.invalid_base_url');
  return url;
}

/** '' or a JSON object of string values (public model -> upstream model). */
export function parseModelMapping(v: unknown): string {
  const raw = typeof v === 'object' && v !== null ? JSON.stringify(v) : text(v, TEXT_MAX).trim();
  if (raw === '') return '';
  const parsed = parseObject(raw);
  if (!parsed || !Object.values(parsed).every((x) => typeof x === 'string')) throw ChannelsError.of('channel.model_mapping_invalid');
  return raw;
}

/** '' or a JSON object mapping an HTTP status to another ("400": "500"). */
export function parseStatusCodeMapping(v: unknown): string {
  const raw = typeof v === 'object' && v !== null ? JSON.stringify(v) : text(v, TEXT_MAX).trim();
  if (raw === '') return '';
  const parsed = parseObject(raw);
  const code = (x: unknown) => (typeof x === 'string' || typeof x === 'number') && /^[1-5]\d\d$/.test(String(x).trim());
  if (!parsed || !Object.entries(parsed).every(([k, x]) => code(k) && code(x))) throw ChannelsError.of('channel.status_code_mapping_invalid');
  return raw;
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function parsePriority(v: unknown): number {
  const n = toInt(v);
  if (n === null) throw ChannelsError.of('channel.invalid_priority');
  if (n < PRIORITY_MIN) throw ChannelsError.of('channel.priority_min', { min: PRIORITY_MIN });
  if (n > PRIORITY_MAX) throw ChannelsError.of('channel.invalid_priority');
  return n;
}

/** Weight is clamped to [0, max] like the console does; a non-integer is refused. */
export function parseWeight(v: unknown): number {
  const n = toInt(v);
  if (n === null) throw ChannelsError.of('channel.invalid_weight');
  return Math.min(Math.max(n, 0), WEIGHT_MAX);
}

export function parseStatus(v: unknown, allowed: readonly number[] = [1, 2, 3]): ChannelStatus {
  const n = toInt(v);
  if (n === null || !allowed.includes(n)) throw ChannelsError.of('channel.invalid_status');
  return n as ChannelStatus;
}

/** "Empty" in the console's sense: absent, null or a blank string (priority input left empty). */
function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * Reads the writable fields present in `body`. On create the required ones are checked here;
 * on update a present-but-blank key means "keep the stored key" and is left out.
 */
export function parseChannelFields(body: Body, mode: 'create' | 'update'): Partial<ChannelFields> {
  const out: Partial<ChannelFields> = {};
  if (mode === 'create' || has(body, 'type')) {
    const type = has(body, 'type') ? toInt(body.type) : 1;
    if (!isChannelTypeId(type)) throw ChannelsError.of('channel.invalid_type');
    out.type = type;
  }
  const nameGiven = mode === 'create' || has(body, 'name');
  const name = nameGiven ? (typeof body.name === 'string' ? body.name.trim() : '') : '';
  const key = typeof body.key === 'string' ? body.key.trim() : '';
  if (mode === 'create' && (name === '' || key === '')) throw ChannelsError.of('channel.name_key_required');
  if (nameGiven) {
    if (name === '') throw ChannelsError.of('channel.name_key_required');
    if ([...name].length > NAME_MAX) throw ChannelsError.of('channel.name_too_long', { max: NAME_MAX });
    out.name = name;
  }
  if (key !== '') {
    if (key.length > KEY_MAX) throw ChannelsError.of('channel.field_too_long');
    out.key = key;
  }
  if (mode === 'create' || has(body, 'models')) {
    const models = splitList(body.models);
    if (models.length === 0) throw ChannelsError.of('channel.models_required');
    out.models = models.join(',');
  }
  if (mode === 'create' || has(body, 'group')) {
    const groups = splitList(body.group);
    const joined = (groups.length > 0 ? groups : ['default']).join(',');
    if (joined.length > GROUP_LIST_MAX) throw ChannelsError.of('channel.field_too_long');
    out.group = joined;
  }
  if (has(body, 'base_url')) out.baseUrl = normalizeBaseUrl(body.base_url);
  if (has(body, 'model_mapping')) out.modelMapping = parseModelMapping(body.model_mapping);
  if (has(body, 'status_code_mapping')) out.statusCodeMapping = parseStatusCodeMapping(body.status_code_mapping);
  if (has(body, 'other')) out.other = text(body.other, TEXT_MAX);
  if (has(body, 'test_model')) out.testModel = text(body.test_model, LIST_ITEM_MAX).trim();
  if (has(body, 'openai_organization')) out.openaiOrganization = text(body.openai_organization, LIST_ITEM_MAX).trim();
  if (has(body, 'tag')) out.tag = text(body.tag, 64).trim();
  if (has(body, 'test_models')) out.testModels = Array.isArray(body.test_models) ? splitList(body.test_models).join(',') : text(body.test_models, TEXT_MAX);
  if (has(body, 'ma_input_tokens')) {
    const n = toInt(body.ma_input_tokens);
    if (n === null || n < 0 || n > 2_000_000_000) throw ChannelsError.of('common.bad_request');
    out.maInputTokens = n;
  }
  if (has(body, 'auto_ban')) {
    const v = body.auto_ban;
    const n = v === true ? 1 : v === false ? 0 : toInt(v);
    if (n !== 0 && n !== 1) throw ChannelsError.of('common.bad_request');
    out.autoBan = n;
  }
  if (!blank(body.priority)) out.priority = parsePriority(body.priority);
  if (!blank(body.weight)) out.weight = parseWeight(body.weight);
  if (has(body, 'status')) out.status = parseStatus(body.status);
  return out;
}

/** The key lines of a batch create: one channel per non-blank line (CRLF, LF or a lone CR). */
export function splitKeyLines(key: string): string[] {
  return key
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** The base URL a request for this channel goes to. */
export function effectiveBaseUrl(type: number, baseUrl: string): string {
  if (baseUrl !== '') return baseUrl;
  return channelType(type)?.defaultBaseUrl ?? '';
}

/**
 * Outside batch create a key is one line: the relay sends it whole as one header, which CR or LF
 * makes invalid (every attempt fails before reaching the upstream), while tests and model lists
 * would use only the first line. The exception is a type whose key is a JSON document (Vertex AI's
 * service-account file, spec §2.4): it may span lines but must then parse as a JSON object.
 */
export function assertSingleLineKey(key: string | undefined, type: number): void {
  if (key === undefined) return;
  if (!/[\r\n]/.test(key)) return;
  if (channelType(type)?.keyFormat === 'json' && isJsonObject(key)) return;
  throw ChannelsError.of('channel.key_multiline');
}

function isJsonObject(raw: string): boolean {
  return parseObject(raw) !== null;
}

/**
 * The stored fields that decide where the stored key is sent and how. Changing any of them while
 * keeping the stored key could deliver that key somewhere new, so only root may do it (admins
 * cannot read keys and must enter the key again in the same update):
 * - baseUrl: the upstream host and path (Custom: the whole request URL);
 * - type: the adaptor, hence the default host, the URL layout and the auth header
 *   (`Authorization: Bearer` or Azure's `api-key`);
 * - other: adaptor configuration in the URL (Azure's api-version today; the spec's region
 *   fields for AWS and Vertex name hosts).
 * Not listed: openaiOrganization (an extra header to the same host), model names and mappings
 * (Custom encodes `{model}` as a path segment; they do not move the host of a normal base URL).
 */
export const KEY_DESTINATION_FIELDS = ['baseUrl', 'type', 'other'] as const satisfies readonly (keyof ChannelFields)[];

/** The key-destination fields this patch would change on the stored channel. */
export function keyDestinationChanges(patch: Partial<ChannelFields>, stored: Pick<ChannelFields, (typeof KEY_DESTINATION_FIELDS)[number]>): string[] {
  return KEY_DESTINATION_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== stored[f]);
}

/**
 * A key in the wrong shape for its type (`AK|SK` for Baidu, `id.secret` for ChatGLM, ...) is
 * refused at save with the expected format named, not discovered by the first relayed request.
 */
export function assertKeyShape(key: string | undefined, type: number): void {
  const entry = channelType(type);
  if (key === undefined || !entry?.keyShape || entry.keyShape.pattern.test(key.trim())) return;
  throw ChannelsError.of('channel.key_format', { type: entry.label.en, format: entry.keyShape.format });
}
