// The channel panel's form as plain data: defaults, reading a stored channel, the client-side
// checks of spec §5 and the body sent to POST/PUT /api/channel/.
import { FIXED_DEFAULT_TYPES } from './channelTypes';
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

export const AZURE_DEFAULT_VERSION = '2023-06-01-preview';
export const SPARK_DEFAULT_VERSION = 'v2.1';
export const VERTEX_DEFAULT_REGION = 'us-central1';

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
 * A picked type: types 2 and 5 take their mj_* actions and 36 its Suno models; on create with
 * no model chosen yet, the type's default list is filled in (once: `prefilled` says it happened).
 */
export function withType(form: ChannelForm, type: number, defaults: TypeModels, creating: boolean, prefilled: boolean): { form: ChannelForm; prefilled: boolean } {
  const list = defaults[String(type)] ?? [];
  if (FIXED_DEFAULT_TYPES.includes(type)) return { form: { ...form, type, models: [...list] }, prefilled: true };
  if (creating && !prefilled && form.models.length === 0 && list.length > 0) return { form: { ...form, type, models: [...list] }, prefilled: true };
  return { form: { ...form, type }, prefilled };
}

function jsonObject(raw: string): boolean {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

export type FormProblem = 'nameKey' | 'models' | 'mapping' | 'statusMapping' | 'vertexKey';

/** Spec §5's checks, in its order; null when the form may be sent. */
export function problemOf(f: ChannelForm, creating: boolean): FormProblem | null {
  if (f.name.trim() === '' || (creating && f.key.trim() === '')) return 'nameKey';
  if (f.models.length === 0) return 'models';
  if (f.modelMapping.trim() !== '' && !jsonObject(f.modelMapping)) return 'mapping';
  if (f.statusCodeMapping.trim() !== '' && !jsonObject(f.statusCodeMapping)) return 'statusMapping';
  if (f.type === 41 && f.key.trim() !== '' && !f.batch && !jsonObject(f.key)) return 'vertexKey';
  return null;
}

/** The body of POST (create) or PUT (update, with id) /api/channel/. */
export function toBody(f: ChannelForm, creating: boolean, id: number | null): Record<string, unknown> {
  let other = f.other.trim();
  if (creating && other === '') {
    if (f.type === 3) other = AZURE_DEFAULT_VERSION;
    if (f.type === 18) other = SPARK_DEFAULT_VERSION;
    if (f.type === 41) other = VERTEX_DEFAULT_REGION;
  }
  const body: Record<string, unknown> = {
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
    openai_organization: f.type === 1 ? f.organization.trim() : '',
  };
  if (creating && f.batch) body.mode = 'batch';
  if (!creating && id !== null) body.id = id;
  return body;
}
