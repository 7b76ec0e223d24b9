import { TOKEN_NAME_MAX } from './dto/token.dto';

export const TOKEN_DEFAULT_QUOTA = 500_000;
export const TOKEN_NAME_SUFFIX_LENGTH = 6;
/** Names that mean "no name given": each gets a random suffix so a list never shows twins. */
export const DEFAULT_TOKEN_NAMES: readonly string[] = ['默认令牌', 'unnamed token'];

/**
 * Names for `count` new tokens: an empty or default name gets a random suffix, and so does every
 * name after the first. The stem is shortened so a suffixed name still fits the 50-character rule.
 */
export function tokenNames(name: string, count: number, suffix: () => string): string[] {
  const unnamed = name === '' || DEFAULT_TOKEN_NAMES.includes(name);
  const stem = [...(name === '' ? (DEFAULT_TOKEN_NAMES[0] as string) : name)]
    .slice(0, TOKEN_NAME_MAX - TOKEN_NAME_SUFFIX_LENGTH - 1)
    .join('');
  const names: string[] = [];
  for (let i = 0; i < count; i++) names.push(unnamed || i > 0 ? `${stem}-${suffix()}` : name);
  return names;
}

/** The bare key: an optional `sk-` prefix removed. */
export function bareKey(raw: string): string {
  const s = raw.trim();
  return s.startsWith('sk-') ? s.slice(3) : s;
}

/**
 * Relay credentials may pin a channel: `sk-<key>-<channelId>` (admins only; the relay decides).
 * Keys are alphanumeric, so the first dash ends the key.
 */
export function splitTokenKey(raw: string): { key: string; channelId: number | null } {
  const bare = bareKey(raw);
  const dash = bare.indexOf('-');
  if (dash < 0) return { key: bare, channelId: null };
  const tail = bare.slice(dash + 1);
  // A tail that is not a channel id keeps the dash in the key, so the lookup fails.
  if (!/^\d{1,9}$/.test(tail)) return { key: bare, channelId: null };
  return { key: bare.slice(0, dash), channelId: Number(tail) };
}
