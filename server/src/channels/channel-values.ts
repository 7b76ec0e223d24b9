import { channelType } from '../catalogue/catalogue';

/**
 * Channel values read back from a row or a body: the comma lists (groups, models) and the base
 * URL a request goes to. Pure; the input rules themselves are the schemas of `dto/channel.dto.ts`.
 */

/** A comma list (or an array) trimmed, without blanks and duplicates, in the given order. */
export function splitList(v: unknown): string[] {
  const parts = Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : String(x))) : typeof v === 'string' ? v.split(',') : [];
  const out: string[] = [];
  for (const raw of parts) {
    const item = raw.trim();
    if (item !== '' && !out.includes(item)) out.push(item);
  }
  return out;
}

/** The base URL a request for this channel goes to: the stored one, else the type's default. */
export function effectiveBaseUrl(type: number, baseUrl: string): string {
  if (baseUrl !== '') return baseUrl;
  return channelType(type)?.defaultBaseUrl ?? '';
}
