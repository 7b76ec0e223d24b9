// The built-in prefix table of the one-click setup (spec §3): vendor name, icon, and the model-name
// prefixes that belong to it. A model matches the first vendor with a prefix of its name (lower
// case, any "org/" path in front dropped). Data, not code: add a row to add a vendor.
import { emptyModel, SPEC_TAGS, type Vendor, type VendorModel } from './vendorConfig';

export interface VendorPrefix {
  name: string;
  icon: string;
  prefixes: readonly string[];
}

export const VENDOR_PREFIXES: readonly VendorPrefix[] = [
  { name: 'OpenAI', icon: 'OpenAI', prefixes: ['gpt-', 'chatgpt-', 'o1', 'o3', 'o4', 'dall-e', 'whisper', 'tts-', 'text-embedding', 'text-moderation', 'omni-moderation', 'davinci', 'babbage', 'gpt-image'] },
  { name: 'Anthropic', icon: 'Claude', prefixes: ['claude'] },
  { name: 'Google', icon: 'Gemini', prefixes: ['gemini', 'gemma', 'imagen', 'veo', 'palm', 'text-bison', 'chat-bison'] },
  { name: 'DeepSeek', icon: 'DeepSeek', prefixes: ['deepseek'] },
  { name: '阿里云通义千问', icon: 'Qwen', prefixes: ['qwen', 'qwq', 'qvq', 'wanx'] },
  { name: '智谱 AI', icon: 'Zhipu', prefixes: ['glm', 'chatglm', 'cogview', 'cogvideo', 'charglm'] },
  { name: 'Moonshot AI', icon: 'Kimi', prefixes: ['moonshot', 'kimi'] },
  { name: '百度文心', icon: 'Wenxin', prefixes: ['ernie'] },
  { name: '讯飞星火', icon: 'Spark', prefixes: ['spark', 'generalv', '4.0ultra'] },
  { name: '腾讯混元', icon: 'Hunyuan', prefixes: ['hunyuan'] },
  { name: '字节豆包', icon: 'Doubao', prefixes: ['doubao'] },
  { name: '零一万物', icon: 'Yi', prefixes: ['yi-'] },
  { name: 'MiniMax', icon: 'Minimax', prefixes: ['abab', 'minimax'] },
  { name: 'Mistral AI', icon: 'Mistral', prefixes: ['mistral', 'mixtral', 'codestral', 'pixtral', 'ministral', 'open-mistral'] },
  { name: 'Meta', icon: 'Meta', prefixes: ['llama', 'meta-llama', 'codellama'] },
  { name: 'xAI', icon: 'Grok', prefixes: ['grok'] },
  { name: 'Cohere', icon: 'Cohere', prefixes: ['command', 'embed-', 'rerank-', 'c4ai'] },
  { name: 'Midjourney', icon: 'Midjourney', prefixes: ['mj_', 'midjourney', 'swap_face'] },
  { name: 'Suno', icon: 'Suno', prefixes: ['suno', 'chirp'] },
  { name: 'Jina AI', icon: 'Jina', prefixes: ['jina'] },
];

/** The vendor row of a model name, or undefined. */
export function vendorOf(modelName: string): VendorPrefix | undefined {
  const lower = modelName.toLowerCase();
  const bare = lower.includes('/') ? lower.slice(lower.lastIndexOf('/') + 1) : lower;
  return VENDOR_PREFIXES.find((v) => v.prefixes.some((p) => lower.startsWith(p) || bare.startsWith(p)));
}

/** A first guess at a model's tags from its name (the admin refines them). */
export function guessTags(modelName: string): string[] {
  const n = modelName.toLowerCase();
  if (/^(tts-|.*-tts)/.test(n)) return [SPEC_TAGS.tts];
  if (/whisper|transcribe/.test(n)) return [SPEC_TAGS.stt];
  if (/dall-e|imagen|cogview|wanx|mj_|midjourney|gpt-image|flux|stable-diffusion/.test(n)) return [SPEC_TAGS.drawing];
  if (/suno|chirp/.test(n)) return [SPEC_TAGS.music];
  if (/veo|cogvideo|kling|sora/.test(n)) return [SPEC_TAGS.video];
  if (/embed|rerank|moderation/.test(n)) return [];
  if (/^o[134]|reason|thinking|-r1|qwq/.test(n)) return [SPEC_TAGS.chat, SPEC_TAGS.reasoning];
  if (/vision|-vl|4o|gemini|claude-3|qvq|glm-4v/.test(n)) return [SPEC_TAGS.chat, SPEC_TAGS.multimodal];
  return [SPEC_TAGS.chat];
}

export interface OneClickResult {
  vendors: Vendor[];
  addedModels: number;
  touchedVendors: number;
}

/**
 * Merges the matched models into the list: new vendors go to the end in table order, known ones
 * (same name) get the models they lack; what is already configured is never changed.
 */
export function oneClickSetup(current: readonly Vendor[], modelNames: readonly string[]): OneClickResult {
  const vendors = current.map((v) => ({ ...v, models: [...v.models] }));
  const touched = new Set<string>();
  let addedModels = 0;
  for (const row of VENDOR_PREFIXES) {
    const names = [...new Set(modelNames)].filter((m) => vendorOf(m) === row).sort();
    if (names.length === 0) continue;
    let vendor = vendors.find((v) => v.Manufacturer === row.name);
    if (!vendor) {
      vendor = { Manufacturer: row.name, icon: row.icon, description: '', models: [] };
      vendors.push(vendor);
    }
    const have = new Set(vendor.models.map((m) => m.model_name));
    for (const name of names) {
      if (have.has(name)) continue;
      const model: VendorModel = { ...emptyModel(), model_name: name, type: guessTags(name) };
      vendor.models.push(model);
      addedModels += 1;
      touched.add(row.name);
    }
  }
  return { vendors, addedModels, touchedVendors: touched.size };
}
