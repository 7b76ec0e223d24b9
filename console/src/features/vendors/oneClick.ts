// The one-click setup (spec §3): the price list names each model's vendor from the server's
// vendor-prefix table (server/src/catalogue/vendors.ts: `vendor_id` per model, `vendors` with name and
// icon); this file only merges those into the configured list. It holds no prefix table of its own.
import { emptyModel, SPEC_TAGS, type Vendor, type VendorModel } from './vendorConfig';

/** A model of GET /api/pricing as the setup reads it. */
export interface PricedModel {
  model_name: string;
  vendor_id?: number;
}

/** A vendor of GET /api/pricing's `vendors`, in the table's order. */
export interface PricingVendor {
  id: number;
  name: string;
  icon: string;
}

/** The price list's models and vendors, from the answer's body (anything malformed is skipped). */
export function readPricing(body: Record<string, unknown>): { models: PricedModel[]; vendors: PricingVendor[] } {
  const models = (Array.isArray(body.data) ? body.data : []).flatMap((m: unknown) => {
    if (typeof m !== 'object' || m === null) return [];
    const { model_name, vendor_id } = m as Record<string, unknown>;
    if (typeof model_name !== 'string') return [];
    return [typeof vendor_id === 'number' ? { model_name, vendor_id } : { model_name }];
  });
  const vendors = (Array.isArray(body.vendors) ? body.vendors : []).flatMap((v: unknown) => {
    if (typeof v !== 'object' || v === null) return [];
    const { id, name, icon } = v as Record<string, unknown>;
    return typeof id === 'number' && typeof name === 'string' ? [{ id, name, icon: typeof icon === 'string' ? icon : '' }] : [];
  });
  return { models, vendors };
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
export function oneClickSetup(current: readonly Vendor[], models: readonly PricedModel[], table: readonly PricingVendor[]): OneClickResult {
  const vendors = current.map((v) => ({ ...v, models: [...v.models] }));
  const touched = new Set<string>();
  let addedModels = 0;
  for (const row of table) {
    const names = [...new Set(models.filter((m) => m.vendor_id === row.id).map((m) => m.model_name))].sort();
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
