// The Manufacturers option (spec §3 "Manufacturer config"): an ordered list of vendors, each with
// its models. Parsing is strict about the shape and forgiving about missing optional fields.

export interface VendorModel {
  model_name: string;
  /** Tags: the spec's (stored as their Chinese names, as the reference stores them) or custom. */
  type: string[];
  illustrate: string;
}

export interface Vendor {
  Manufacturer: string;
  icon: string;
  description: string;
  models: VendorModel[];
}

export const MANUFACTURERS_KEY = 'Manufacturers';

/** The spec's tag list: catalogue key → stored value. */
export const SPEC_TAGS = {
  tts: '文字转语音',
  hd: '高清',
  stt: '语音转文字',
  drawing: '绘图',
  music: '音乐',
  video: '视频',
  chat: '对话',
  reasoning: '推理',
  multimodal: '多模态',
  vision: '识图',
  file: '文件分析',
  search: '联网搜索',
  gpts: 'GPTS',
} as const;
export type SpecTag = keyof typeof SPEC_TAGS;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function toModel(v: unknown): VendorModel | null {
  if (!isRecord(v) || typeof v.model_name !== 'string') return null;
  const type = Array.isArray(v.type) ? v.type.filter((x): x is string => typeof x === 'string') : typeof v.type === 'string' && v.type !== '' ? [v.type] : [];
  return { model_name: v.model_name, type, illustrate: str(v.illustrate) };
}

function toVendor(v: unknown): Vendor | null {
  if (!isRecord(v) || typeof v.Manufacturer !== 'string') return null;
  const models = Array.isArray(v.models) ? v.models.map(toModel) : [];
  if (models.some((m) => m === null)) return null;
  return { Manufacturer: v.Manufacturer, icon: str(v.icon), description: str(v.description), models: models as VendorModel[] };
}

/** A vendor list from JSON text, or null when the text is not JSON or not such a list. */
export function parseVendors(text: string): Vendor[] | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const vendors = value.map(toVendor);
  return vendors.some((v) => v === null) ? null : (vendors as Vendor[]);
}

export function emptyVendor(): Vendor {
  return { Manufacturer: '', icon: '', description: '', models: [] };
}

export function emptyModel(): VendorModel {
  return { model_name: '', type: [], illustrate: '' };
}

/** Moves item `from` by `delta` places (up is -1); out-of-range moves change nothing. */
export function move<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = from + delta;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function exportText(vendors: readonly Vendor[]): string {
  return JSON.stringify(vendors, null, 2);
}
