import type { ApiSchema } from '@sluice/ui-kit';

// A redemption code as the admin list shows it (spec §3 Redemption): the code itself only masked,
// shown whole once in the create answer. Both shapes are the server's documented schemas
// (GET /api/openapi.json, generated into the kit by `npm run api:types`).
export type Redemption = ApiSchema<'Redemption'>;

export type RedemptionPage = ApiSchema<'RedemptionPage'>;

export const REDEMPTION_UNUSED = 1;
export const REDEMPTION_DISABLED = 2;
export const REDEMPTION_USED = 3;

/** Quota presets of the panel, in dollars (spec §2.6). */
export const QUOTA_PRESET_DOLLARS = [1, 10, 50, 100, 500, 1000] as const;

/** "YYYY-MM-DD HH:mm:ss" in local time from epoch seconds. */
export function formatTime(seconds: number): string {
  if (!seconds) return '-';
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** "Copy selected": name and code per line, like the token list (spec §2.6). */
export function selectedCodesText(rows: readonly Redemption[]): string {
  return rows.map((r) => `${r.name}    ${r.key}`).join('\n');
}
