// The channel panel's form as plain data: defaults, reading a stored channel, the client-side
// checks of spec §5 and the body sent to POST/PUT /api/channel/.
import type { ApiBody } from '@sluice/ui-kit';
import { fieldOf, type ChannelType } from './channelTypes';
import { splitList, type Channel } from './types';

export interface ChannelForm {
  type: number;
  name: string;
  groups: string[];
  models: string[];
  modelMapping: string;
  key: string;
  testModel: string;
  autoBan: boolean;
  batch: boolean;
  baseUrl: string;
  statusCodeMapping: string;
  organization: string;
  other: string;
}

export type TypeModels = Record<string, string[]>;

/** `{ "<type>": [default models] }` from the catalogue. */
export function defaultModels(types: readonly ChannelType[]): TypeModels {
  return Object.fromEntries(types.map((e) => [String(e.id), e.default_models]));
}

export function emptyForm(): ChannelForm {
  return {
    type: 1,
    name: '',
    groups: ['default'],
    models: [],
    modelMapping: '',
    key: '',
    testModel: '',
    autoBan: true,
    batch: false,
    baseUrl: '',
    statusCodeMapping: '',
    organization: '',
    other: '',
  };
}

function pretty(raw: string): string {
  if (raw.trim() === '') return '';
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export function fromChannel(c: Channel): ChannelForm {
  return {
    type: c.type,
    name: c.name,
    groups: splitList(c.group),
    models: splitList(c.models),
    modelMapping: pretty(c.model_mapping),
    // Never shown: blank keeps the stored key (root may ask for it).
    key: '',
    testModel: c.test_model,
    autoBan: c.auto_ban === 1,
    batch: false,
    baseUrl: c.base_url,
    statusCodeMapping: pretty(c.status_code_mapping),
    organization: c.openai_organization,
    other: c.other,
  };
}

/** Names in `list` not already in `current`, trimmed and de-duplicated, in order. */
export function union(current: readonly string[], list: readonly string[]): string[] {
  const out = [...current];
  for (const raw of list) {
    const m = raw.trim();
    if (m !== '' && !out.includes(m)) out.push(m);
  }
  return out;
}

/** Custom names (comma separated): trimmed, added only when new; the others are reported. */
export function addCustom(current: readonly string[], input: string): { models: string[]; existed: string[]; added: number } {
  const names = input
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const existed = names.filter((n) => current.includes(n));
  const models = union(current, names);
  return { models, existed: [...new Set(existed)], added: models.length - current.length };
}

/**
 * A picked type: a type with fixed models (the mj_* actions, Suno's) takes them; on create with
 * no model chosen yet, the type's default list is filled in (once: `prefilled` says it happened).
 */
export function withType(form: ChannelForm, type: ChannelType | undefined, creating: boolean, prefilled: boolean): { form: ChannelForm; prefilled: boolean } {
  if (!type) return { form, prefilled };
  const list = type.default_models;
  if (type.fixed_models) return { form: { ...form, type: type.id, models: [...list] }, prefilled: true };
  if (creating && !prefilled && form.models.length === 0 && list.length > 0) return { form: { ...form, type: type.id, models: [...list] }, prefilled: true };
  return { form: { ...form, type: type.id }, prefilled };
}

function jsonObject(raw: string): boolean {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

export type FormProblem = 'nameKey' | 'models' | 'mapping' | 'statusMapping' | 'jsonKey';

/** Spec §5's checks, in its order; null when the form may be sent. */
export function problemOf(f: ChannelForm, creating: boolean, type: ChannelType | undefined): FormProblem | null {
  if (f.name.trim() === '' || (creating && f.key.trim() === '')) return 'nameKey';
  if (f.models.length === 0) return 'models';
  if (f.modelMapping.trim() !== '' && !jsonObject(f.modelMapping)) return 'mapping';
  if (f.statusCodeMapping.trim() !== '' && !jsonObject(f.statusCodeMapping)) return 'statusMapping';
  if (type?.key_format === 'json' && f.key.trim() !== '' && !f.batch && !jsonObject(f.key)) return 'jsonKey';
  return null;
}

/** The body of POST (create) or PUT (update, with id) /api/channel/. */
export function toBody(
  f: ChannelForm,
  creating: boolean,
  id: number | null,
  type: ChannelType | undefined,
): ApiBody<'/api/channel', 'post'> | ApiBody<'/api/channel', 'put'> {
  let other = f.other.trim();
  // The catalogue's default for the type's `other` field (Azure's API version, Spark's, Vertex's region).
  if (creating && other === '') other = fieldOf(type, 'other')?.default ?? '';
  const body = {
    type: f.type,
    name: f.name.trim(),
    key: f.key.trim(),
    group: f.groups.join(','),
    models: f.models.join(','),
    model_mapping: f.modelMapping.trim(),
    status_code_mapping: f.statusCodeMapping.trim(),
    test_model: f.testModel.trim(),
    auto_ban: f.autoBan ? 1 : 0,
    base_url: f.baseUrl.trim().replace(/\/+$/, ''),
    other,
    openai_organization: fieldOf(type, 'openai_organization') ? f.organization.trim() : '',
  } satisfies ApiBody<'/api/channel', 'post'>;
  if (creating) return f.batch ? { ...body, mode: 'batch' } : body;
  return id !== null ? ({ ...body, id } satisfies ApiBody<'/api/channel', 'put'>) : body;
}
