import { z } from 'zod';
import { isChannelTypeId } from '../../catalogue/catalogue';
import { pageQueryFields } from '../../common/pagination';
import { boolLike, coded, idLike, intLike } from '../../common/validation';
import { CHANNEL_DISABLED, CHANNEL_ENABLED, PRIORITY_MAX, PRIORITY_MIN, WEIGHT_MAX, type ChannelStatus } from '../channel.entity';
import { keyProblem, splitKeyLines, type KeyProblem } from '../channel-key';
import { splitList } from '../channel-values';

/**
 * The channel routes' inputs (issue 24). Only the fields below can be written (no mass
 * assignment): usage counters, balance, test results and other_info belong to the system, and
 * fields a client sends beyond these (new-api's console sends whole rows back) are dropped.
 * A field that is absent or null is left as it is on update and takes its default on create.
 */

export const CHANNEL_NAME_MAX = 128;
const KEY_MAX = 256 * 1024;
const TEXT_MAX = 64 * 1024;
const LIST_ITEM_MAX = 255;
const GROUP_LIST_MAX = 1024;
const BASE_URL_MAX = 1024;
const TAG_MAX = 64;
const MA_INPUT_TOKENS_MAX = 2_000_000_000;
/** One batch create may carry at most this many keys (one channel each). */
export const BATCH_KEYS_MAX = 500;
export const BATCH_DELETE_MAX = 1000;
const COPY_SUFFIX_MAX = 32;
const TEST_MODEL_MAX = 255;

/** The writable fields of a channel, as the entity names them (the key in plain: the service seals it). */
export interface ChannelFields {
  type: number;
  name: string;
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

const tooLong = coded('channel.field_too_long');
const notText = coded('common.field_type', { type: 'string' });
const nameKeyRequired = coded('channel.name_key_required');

/** null is "not given", like an absent field. */
function absentIfNull<T extends z.ZodType>(s: T) {
  return s.nullish().transform((v) => v ?? undefined);
}

/** "Empty" in the console's sense (a priority input left empty): absent, null or a blank string. */
function blankable<T extends z.ZodType>(s: T) {
  return z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), s.optional()).optional();
}

/** A text field: a string (numbers and booleans as their text), at most `max` characters. */
function text(max: number) {
  return z
    .union([z.string(), z.number(), z.boolean()], notText)
    .transform((v) => String(v))
    .refine((v) => v.length <= max, tooLong);
}

/** A comma list or an array: items trimmed, blanks and repeats dropped, each at most 255 characters. */
function commaList(wrongType: { error: string }) {
  return z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], wrongType)
    .transform((v) => splitList(v))
    .refine((items) => items.every((i) => i.length <= LIST_ITEM_MAX), tooLong);
}

const invalidType = coded('channel.invalid_type');
/** A type of the catalogue (GET /api/channel/types), read when the request is parsed. */
const channelTypeId = intLike(z.int(invalidType).refine((n) => isChannelTypeId(n), invalidType), invalidType).meta({
  description: 'A channel type id of GET /api/channel/types',
});

const channelName = z
  .string(nameKeyRequired)
  .transform((v) => v.trim())
  .refine((v) => v !== '', nameKeyRequired)
  .refine((v) => [...v].length <= CHANNEL_NAME_MAX, coded('channel.name_too_long', { max: CHANNEL_NAME_MAX }))
  .meta({ description: `1 .. ${CHANNEL_NAME_MAX} characters` });

const modelsRequired = coded('channel.models_required');
const models = commaList(modelsRequired)
  .refine((items) => items.length > 0, modelsRequired)
  .transform((items) => items.join(','))
  .meta({ description: 'Model names: a comma-separated string or an array; at least one' });

const groups = commaList(notText)
  .transform((items) => (items.length > 0 ? items : ['default']).join(','))
  .refine((joined) => joined.length <= GROUP_LIST_MAX, tooLong)
  .meta({ description: 'Group names: a comma-separated string or an array (none: default)' });

/** '' (the type's default) or an http(s) address; trailing slashes are removed. */
const baseUrl = text(BASE_URL_MAX)
  .transform((v) => v.trim().replace(/\/+$/, ''))
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), coded('channel.invalid_base_url'))
  .meta({ description: "An http(s) address, or '' for the type's default" });

function jsonObjectOf(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** '' or a JSON object (as text, or as an object) whose entries pass `entryOk`; stored as text. */
function jsonMapping(err: { error: string }, entryOk: (k: string, v: unknown) => boolean, description: string) {
  return z
    .union([z.string(), z.record(z.string(), z.unknown())], err)
    .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
    .refine((raw) => raw.length <= TEXT_MAX, tooLong)
    .transform((raw) => raw.trim())
    .refine((raw) => {
      if (raw === '') return true;
      const parsed = jsonObjectOf(raw);
      return parsed !== null && Object.entries(parsed).every(([k, v]) => entryOk(k, v));
    }, err)
    .meta({ description });
}

const modelMapping = jsonMapping(coded('channel.model_mapping_invalid'), (_k, v) => typeof v === 'string', 'Public model -> upstream model, a JSON object (text or object)');

const httpCode = (x: unknown) => (typeof x === 'string' || typeof x === 'number') && /^[1-5]\d\d$/.test(String(x).trim());
const statusCodeMapping = jsonMapping(
  coded('channel.status_code_mapping_invalid'),
  (k, v) => httpCode(k) && httpCode(v),
  'Upstream HTTP status -> the status used instead ({"429": "500"}), a JSON object (text or object)',
);

const testModels = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number(), z.boolean()], notText)
  .transform((v) => (Array.isArray(v) ? splitList(v).join(',') : String(v)))
  .refine((v) => v.length <= TEXT_MAX, tooLong);

const maInputTokens = (() => {
  const bad = coded('channel.ma_input_tokens_invalid', { max: MA_INPUT_TOKENS_MAX });
  return intLike(z.int(bad).min(0, bad).max(MA_INPUT_TOKENS_MAX, bad), bad).meta({ description: `An integer 0 .. ${MA_INPUT_TOKENS_MAX}` });
})();

const autoBan = z
  .union([z.boolean(), z.literal([0, 1, '0', '1'])], coded('channel.auto_ban_invalid'))
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0))
  .meta({ description: '1 (default): disable the channel automatically on fatal upstream errors; 0: never' });

const priority = (() => {
  const bad = coded('channel.invalid_priority');
  return blankable(
    intLike(z.int(bad).min(PRIORITY_MIN, coded('channel.priority_min', { min: PRIORITY_MIN })).max(PRIORITY_MAX, bad), bad).meta({
      description: `An integer ${PRIORITY_MIN} .. ${PRIORITY_MAX}; higher is tried first`,
    }),
  );
})();

/** Clamped to [0, max] like the console does; a non-integer is refused. */
const weight = (() => {
  const bad = coded('channel.invalid_weight');
  return blankable(
    intLike(
      z.int(bad).transform((n) => Math.min(Math.max(n, 0), WEIGHT_MAX)),
      bad,
    ).meta({ description: `An integer, clamped to 0 .. ${WEIGHT_MAX}` }),
  );
})();

function status(allowed: readonly ChannelStatus[], description: string) {
  const bad = coded('channel.invalid_status');
  return intLike(
    z.int(bad).refine((n) => (allowed as readonly number[]).includes(n), bad),
    bad,
  )
    .transform((n) => n as ChannelStatus)
    .meta({ description });
}

/** The optional fields, the same on create and update. */
const optionalFields = {
  base_url: absentIfNull(baseUrl),
  other: absentIfNull(text(TEXT_MAX)).meta({ description: "Adaptor parameters (Azure's API version, a region)" }),
  test_model: absentIfNull(text(LIST_ITEM_MAX).transform((v) => v.trim())),
  model_mapping: absentIfNull(modelMapping),
  status_code_mapping: absentIfNull(statusCodeMapping),
  openai_organization: absentIfNull(text(LIST_ITEM_MAX).transform((v) => v.trim())),
  ma_input_tokens: absentIfNull(maInputTokens),
  auto_ban: absentIfNull(autoBan),
  test_models: absentIfNull(testModels),
  tag: absentIfNull(text(TAG_MAX).transform((v) => v.trim())),
  priority,
  weight,
  status: absentIfNull(status([1, 2, 3], '1 enabled, 2 disabled, 3 auto-disabled')),
};

type Parsed = {
  type?: number | undefined;
  name?: string | undefined;
  key?: string | undefined;
  group?: string | undefined;
  models?: string | undefined;
  base_url?: string | undefined;
  other?: string | undefined;
  test_model?: string | undefined;
  model_mapping?: string | undefined;
  status_code_mapping?: string | undefined;
  openai_organization?: string | undefined;
  ma_input_tokens?: number | undefined;
  auto_ban?: number | undefined;
  test_models?: string | undefined;
  tag?: string | undefined;
  priority?: number | undefined;
  weight?: number | undefined;
  status?: ChannelStatus | undefined;
};

/** The console's field names in, the entity's out; absent fields stay absent. */
function toFields(p: Parsed): Partial<ChannelFields> {
  const out: Partial<ChannelFields> = {};
  const set = <K extends keyof ChannelFields>(k: K, v: ChannelFields[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set('type', p.type);
  set('name', p.name);
  set('key', p.key);
  set('group', p.group);
  set('models', p.models);
  set('baseUrl', p.base_url);
  set('other', p.other);
  set('testModel', p.test_model);
  set('modelMapping', p.model_mapping);
  set('statusCodeMapping', p.status_code_mapping);
  set('openaiOrganization', p.openai_organization);
  set('maInputTokens', p.ma_input_tokens);
  set('autoBan', p.auto_ban);
  set('testModels', p.test_models);
  set('tag', p.tag);
  set('priority', p.priority);
  set('weight', p.weight);
  set('status', p.status);
  return out;
}

function refuseKey<T>(ctx: z.core.$RefinementCtx<T>, [code, params]: KeyProblem): void {
  ctx.addIssue({ code: 'custom', message: coded(code, params).error, path: ['key'] });
}

/** The key against its type: one key (or, in batch mode, each line) in the type's format. */
function checkKey<T>(key: unknown, type: number | undefined, batch: boolean, ctx: z.core.$RefinementCtx<T>): void {
  if (typeof key !== 'string' || type === undefined) return;
  const keys = batch ? splitKeyLines(key) : [key];
  if (keys.length > BATCH_KEYS_MAX) return refuseKey(ctx, ['channel.too_many_keys', { max: BATCH_KEYS_MAX }]);
  for (const k of keys) {
    const problem = keyProblem(k, type);
    if (problem) return refuseKey(ctx, problem);
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `{mode, channel: {...}}` (the console's wrapped form) as the flat channel object with its mode. */
function unwrapChannel(v: unknown): unknown {
  if (!isPlainObject(v) || !isPlainObject(v.channel)) return v;
  return { ...v.channel, mode: v.mode ?? v.channel.mode };
}

/**
 * POST /api/channel: one channel, or with `mode: "batch"` one per line of `key`. The body is the
 * channel object itself or `{mode, channel: {...}}`. Name, key and one model are required; a copy
 * is a create without id.
 */
export const channelCreateSchema = z
  .preprocess(
    unwrapChannel,
    z
      .object({
        mode: z.string().optional().catch(undefined).meta({ description: '"batch": one channel per line of key; anything else: one channel' }),
        type: channelTypeId.nullish().transform((v) => v ?? 1),
        name: channelName,
        key: z
          .string(nameKeyRequired)
          .transform((v) => v.trim())
          .refine((v) => v !== '', nameKeyRequired)
          .refine((v) => v.length <= KEY_MAX, tooLong)
          .meta({ description: "The upstream key in the type's format (batch mode: one per line)" }),
        models,
        group: groups.nullish().transform((v) => v ?? 'default'),
        ...optionalFields,
      })
      .superRefine((b, ctx) => checkKey(b.key, b.type, b.mode === 'batch', ctx))
      .transform(({ mode, ...rest }) => ({ batch: mode === 'batch', fields: toFields(rest) })),
  )
  .meta({ id: 'ChannelCreate', description: 'The channel object, or {mode, channel: {...}}' });

/** PUT /api/channel: a whole edit of channel `id`; absent fields and a blank key keep their stored values. */
export const channelUpdateSchema = z
  .object({
    id: idLike(),
    type: absentIfNull(channelTypeId),
    name: absentIfNull(channelName),
    key: absentIfNull(
      z
        .string(notText)
        .transform((v) => v.trim())
        .refine((v) => v.length <= KEY_MAX, tooLong)
        .transform((v) => (v === '' ? undefined : v)),
    ).meta({ description: 'A new key; blank keeps the stored one' }),
    models: absentIfNull(models),
    group: absentIfNull(groups),
    ...optionalFields,
  })
  // Without a type the stored one decides (the service checks it).
  .superRefine((b, ctx) => checkKey(b.key, b.type, false, ctx))
  .transform(({ id, ...rest }) => ({ id, fields: toFields(rest) }))
  .meta({ id: 'ChannelUpdate' });

const QUICK_KEYS = ['id', 'status', 'priority', 'weight'];

/** A PUT body of only id plus status, priority and/or weight is a quick action (the list's switches). */
export function isQuickUpdate(body: unknown): boolean {
  return isPlainObject(body) && Object.keys(body).every((k) => QUICK_KEYS.includes(k));
}

/** PUT /api/channel with only {id, status?, priority?, weight?}: enable (1) or disable (2), reorder. */
export const channelQuickSchema = z
  .object({
    id: idLike(),
    status: absentIfNull(status([CHANNEL_ENABLED, CHANNEL_DISABLED], '1 enable, 2 disable')),
    priority,
    weight,
  })
  .transform(({ id, ...rest }) => ({ id, fields: toFields(rest) }))
  .meta({ id: 'ChannelQuickUpdate' });

export type ChannelCreateInput = z.output<typeof channelCreateSchema>;
export type ChannelUpdateInput = z.output<typeof channelUpdateSchema>;

/** POST /api/channel/batch: delete these ids. */
export const channelBatchSchema = (() => {
  const required = coded('channel.batch_ids_required');
  return z
    .object({
      ids: z
        .array(idLike(), required)
        .min(1, required)
        .transform((ids) => [...new Set(ids)])
        .pipe(z.array(z.int()).max(BATCH_DELETE_MAX, coded('channel.too_many_ids', { max: BATCH_DELETE_MAX }))),
    })
    .meta({ id: 'ChannelBatchDelete' });
})();

/** POST /api/channel/fetch_models: the model list of an unsaved channel. */
export const fetchModelsSchema = (() => {
  const keyRequired = coded('channel.fetch_models_key_required');
  return z
    .object({
      key: z
        .string(keyRequired)
        .transform((v) => v.trim())
        .refine((v) => v !== '', keyRequired)
        .refine((v) => v.length <= KEY_MAX, tooLong),
      type: blankable(channelTypeId).transform((v) => v ?? 1),
      base_url: absentIfNull(baseUrl).transform((v) => v ?? ''),
    })
    .meta({ id: 'ChannelFetchModels' });
})();

// ---- queries ----

/** true/false, 1/0; empty is absent. Anything else is refused by name. */
const queryFlag = (description: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), boolLike(coded('common.field_value')).optional()).optional().meta({ description });

const includeKey = queryFlag('true: root receives the keys (audited); ignored for admins');
const idSort = queryFlag('true: newest id first; else priority first');

/** A search text: over-long is refused; a repeated parameter is ignored. */
function searchText(max: number, description: string) {
  return z
    .string()
    .optional()
    .catch(undefined)
    .pipe(z.string().max(max, tooLong).optional())
    .transform((v) => (v ?? '').trim())
    .meta({ description });
}

/** GET /api/channel: a bare list, 0-based `p`, `page_size` 1 .. 100 (default 10). */
export const channelListQuerySchema = z.object({ p: pageQueryFields.p, page_size: pageQueryFields.page_size, id_sort: idSort, include_key: includeKey });

/** GET /api/channel/search (`page_size` defaults to 100). */
export const channelSearchQuerySchema = channelListQuerySchema.extend({
  keyword: searchText(4096, 'The id, part of the name, or the whole key'),
  group: searchText(64, 'Channels of this group'),
  model: searchText(LIST_ITEM_MAX, 'Part of a model name'),
});

export const channelGetQuerySchema = z.object({ include_key: includeKey });

/** POST /api/channel/copy/:id. */
export const channelCopyQuerySchema = z.object({
  suffix: z.string(notText).max(COPY_SUFFIX_MAX, tooLong).optional().meta({ description: 'Appended to the name (default _复制)' }),
  reset_balance: queryFlag('false: keep the balance; else it starts at 0'),
});

/** GET /api/channel/test/:id. */
export const channelTestQuerySchema = (() => {
  const bad = coded('channel.test_model_invalid');
  return z.object({
    model: z
      .string(bad)
      .transform((v) => v.trim())
      .refine((v) => v.length <= TEST_MODEL_MAX, bad)
      .optional()
      .meta({ description: "The model to test; else the channel's test model, else its first model" }),
  });
})();

export type ChannelListQuery = z.output<typeof channelListQuerySchema>;
export type ChannelSearchQuery = z.output<typeof channelSearchQuerySchema>;

// ---- answers ----

/** A channel as admins see it (the mapper's allowlist, `channels.mapper.ts`). */
export const channelViewSchema = z
  .object({
    id: z.int(),
    type: z.int(),
    name: z.string(),
    status: z.int().meta({ description: '1 enabled, 2 disabled, 3 auto-disabled' }),
    group: z.string(),
    models: z.string(),
    other_info: z.string().meta({ description: 'JSON: status_reason and status_time of an automatic disable' }),
    response_time: z.int().meta({ description: 'Milliseconds, of the last test' }),
    used_quota: z.int(),
    balance: z.number().meta({ description: 'USD, informational' }),
    balance_updated_time: z.int(),
    test_time: z.int(),
    priority: z.int(),
    weight: z.int(),
    base_url: z.string(),
    other: z.string(),
    test_model: z.string(),
    model_mapping: z.string(),
    status_code_mapping: z.string(),
    openai_organization: z.string(),
    ma_input_tokens: z.int(),
    auto_ban: z.int(),
    created_time: z.int(),
    test_models: z.string(),
    tag: z.string(),
    key: z.string().optional().meta({ description: 'Only for root asking with include_key=true' }),
  })
  .meta({ id: 'Channel' });

const text2 = z.object({ zh: z.string(), en: z.string() });

/** GET /api/channel/types: the catalogue the console builds its channel form from. */
export const channelTypeViewSchema = z
  .object({
    id: z.int(),
    label: text2,
    default_base_url: z.string(),
    lists_models: z.boolean(),
    reports_balance: z.boolean(),
    default_models: z.array(z.string()),
    fixed_models: z.boolean(),
    key_format: z.enum(['line', 'json']),
    key_hint: text2.nullable(),
    warning: text2.nullable(),
    fields: z.array(
      z.object({
        name: z.enum(['base_url', 'other', 'openai_organization']),
        label: text2,
        placeholder: text2.optional(),
        hint: text2.optional(),
        input: z.enum(['line', 'multiline']),
        default: z.string().optional(),
        template: z.string().optional(),
      }),
    ),
    relay: z.enum(['adaptor', 'task', 'planned', 'openai_compatible']),
  })
  .meta({ id: 'ChannelType' });

/** `{ "<type>": [default model names] }`. */
export const modelsByTypeSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'ModelsByChannelType' });

/** Progress of a test-all or balance-all run. */
export const runStatusSchema = z
  .object({
    state: z.enum(['idle', 'queued', 'running', 'finished']),
    total: z.int(),
    done: z.int(),
    failed: z.int(),
    queued_at: z.int(),
    started_at: z.int(),
    finished_at: z.int(),
  })
  .meta({ id: 'ChannelRunStatus' });
