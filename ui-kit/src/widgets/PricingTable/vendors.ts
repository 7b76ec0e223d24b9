// Which vendor a model belongs to (spec §2.11 vendor bar, §3 model-info and vendor prefixes).
// The server's model-info list wins; else the price list's vendor_id, which the server takes from
// its one vendor-prefix table (server/src/catalogue/vendors.ts). The kit holds no prefix table.
import type { ModelInfoVendor, PricingItem, PricingVendor } from '../../api/types';

/** A vendor as the bar shows it. */
export interface VendorInfo {
  name: string;
  /** Markdown, or HTML when it contains tags. */
  description?: string;
  icon?: string;
}

/** One model with what the table derives for it. */
export interface PricingRow {
  item: PricingItem;
  /** Undefined means the "Other" bucket. */
  vendor: string | undefined;
  tags: string[];
  /** Description HTML. */
  description: string | undefined;
}

export interface VendorSources {
  modelInfo?: readonly ModelInfoVendor[];
  pricingVendors?: readonly PricingVendor[];
}

export function buildRows(items: readonly PricingItem[], sources: VendorSources): PricingRow[] {
  const byModel = new Map<string, { vendor: string; tags: string[]; illustrate: string | undefined }>();
  for (const v of sources.modelInfo ?? []) {
    for (const m of v.models) {
      if (!byModel.has(m.model_name)) {
        byModel.set(m.model_name, { vendor: v.manufacturer, tags: m.tags, illustrate: m.illustrate });
      }
    }
  }
  const byId = new Map<number, string>();
  for (const v of sources.pricingVendors ?? []) if (v.id !== undefined) byId.set(v.id, v.name);

  return items.map((item) => {
    const info = byModel.get(item.model_name);
    const vendor =
      info?.vendor ??
      (item.vendor_id !== undefined ? byId.get(item.vendor_id) : undefined);
    const tags = item.tags && item.tags.length > 0 ? item.tags : (info?.tags ?? []);
    return { item, vendor, tags, description: item.description ?? info?.illustrate };
  });
}

/** Everything the vendor bar offers beyond "All": known vendors in source order, then "Other". */
export interface VendorBar {
  vendors: VendorInfo[];
  hasOther: boolean;
}

/** Vendors that have at least one model enabled in some group (§2.11). */
export function buildVendorBar(rows: readonly PricingRow[], sources: VendorSources): VendorBar {
  const described = new Map<string, VendorInfo>();
  const remember = (info: VendorInfo) => {
    const known = described.get(info.name);
    if (!known || (!known.description && info.description)) described.set(info.name, info);
  };
  for (const v of sources.modelInfo ?? []) {
    const info: VendorInfo = { name: v.manufacturer };
    if (v.description) info.description = v.description;
    if (v.icon) info.icon = v.icon;
    remember(info);
  }
  for (const v of sources.pricingVendors ?? []) {
    const info: VendorInfo = { name: v.name };
    if (v.description) info.description = v.description;
    if (v.icon) info.icon = v.icon;
    remember(info);
  }

  const present = new Set<string>();
  let hasOther = false;
  for (const row of rows) {
    if (row.item.enable_groups.length === 0) continue;
    if (row.vendor === undefined) hasOther = true;
    else present.add(row.vendor);
  }
  const ordered: VendorInfo[] = [];
  for (const [name, info] of described) if (present.has(name)) ordered.push(info);
  const builtIn = [...present].filter((name) => !described.has(name)).sort((a, b) => a.localeCompare(b, 'en'));
  for (const name of builtIn) ordered.push({ name });
  return { vendors: ordered, hasOther };
}

/** The bar's choice: everything, one vendor, or models of unknown vendors. */
export type VendorFilter = { kind: 'all' } | { kind: 'vendor'; name: string } | { kind: 'other' };

export function matchesVendor(row: PricingRow, filter: VendorFilter): boolean {
  switch (filter.kind) {
    case 'all':
      return true;
    case 'other':
      return row.vendor === undefined;
    case 'vendor':
      return row.vendor === filter.name;
    default: {
      const never: never = filter;
      return never;
    }
  }
}

/** Vendor descriptions are markdown unless they contain HTML tags (§2.11). */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text);
}
