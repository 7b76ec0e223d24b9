// The table's row pipeline: vendor bar, tag, search text and availability, then §9 order.
import { fuzzyMatch } from './fuzzy';
import { comparePricing, isAvailable } from './pricing';
import { matchesVendor, type PricingRow, type VendorFilter } from './vendors';

export interface RowFilters {
  vendor: VendorFilter;
  /** Empty string: any tag. */
  tag: string;
  query: string;
  onlyAvailable: boolean;
  group: string;
}

export function selectRows(rows: readonly PricingRow[], filters: RowFilters): PricingRow[] {
  return rows
    .filter(
      (row) =>
        matchesVendor(row, filters.vendor) &&
        (filters.tag === '' || row.tags.includes(filters.tag)) &&
        (!filters.onlyAvailable || isAvailable(row.item, filters.group)) &&
        fuzzyMatch(filters.query, row.item.model_name),
    )
    .sort((a, b) => comparePricing(a.item, b.item));
}

/** Every tag used by some model, for the tag select. */
export function collectTags(rows: readonly PricingRow[]): string[] {
  const tags = new Set<string>();
  for (const row of rows) for (const tag of row.tags) tags.add(tag);
  return [...tags].sort((a, b) => a.localeCompare(b, 'zh-CN'));
}
