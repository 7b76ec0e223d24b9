// The group panel's rows <-> stored JSON (spec §5: incomplete rows dropped, ratios parsed as
// decimals; malformed stored JSON is only logged and shows as no rows).
import type { KeyValueRow } from '@sluice/ui-kit';

function parse(stored: string, label: string): unknown {
  try {
    return JSON.parse(stored);
  } catch {
    console.warn(`group settings: ${label} holds malformed JSON`);
    return null;
  }
}

/** An object of group -> text or number, as rows. */
export function mapRows(stored: string): KeyValueRow[] {
  const value = parse(stored, 'a group map');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>).map(([key, v]) => ({ key, value: String(v) }));
}

export function hiddenRows(stored: string): KeyValueRow[] {
  const value = parse(stored, 'HiddenGroups');
  if (!Array.isArray(value)) return [];
  return value.map((g) => ({ key: String(g), value: '' }));
}

const text = (value: unknown) => JSON.stringify(value, null, 2);

/** Rows with an empty group or name are dropped. */
export function namesToJson(rows: KeyValueRow[]): string {
  const out: Record<string, string> = {};
  for (const row of rows) {
    const group = row.key.trim();
    const name = row.value.trim();
    if (group !== '' && name !== '') out[group] = name;
  }
  return text(out);
}

/** Rows lacking a group or a decimal ratio are dropped. */
export function ratiosToJson(rows: KeyValueRow[]): string {
  const out: Record<string, number> = {};
  for (const row of rows) {
    const group = row.key.trim();
    const ratio = Number.parseFloat(row.value.trim());
    if (group !== '' && Number.isFinite(ratio)) out[group] = ratio;
  }
  return text(out);
}

/** Empty entries are dropped (and repeats kept once). */
export function hiddenToJson(rows: KeyValueRow[]): string {
  return text([...new Set(rows.map((row) => row.key.trim()).filter((g) => g !== ''))]);
}
