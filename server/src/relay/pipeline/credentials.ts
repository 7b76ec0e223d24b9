import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The relay key a client presented: `Authorization: Bearer <key>` (any case of "bearer"), a bare
 * `Authorization: <key>`, or `x-api-key: <key>` (Anthropic-style clients). The `sk-` prefix and
 * the `-<channelId>` suffix are left for the tokens service to split. Null when there is none.
 */
export function presentedKey(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string') {
    const v = auth.trim();
    const bearer = /^bearer(?:\s+|$)/i.exec(v);
    const key = bearer ? v.slice(bearer[0].length).trim() : v;
    if (key !== '') return key;
  }
  const apiKey = headers['x-api-key'];
  const v = (Array.isArray(apiKey) ? apiKey[0] : apiKey)?.trim();
  return v ? v : null;
}

/**
 * The relay key on Gemini-native paths (reference §1.2): `x-goog-api-key`, else `?key=` in the
 * query (as Google accepts it), else the other forms. Null when there is none.
 */
export function presentedGeminiKey(headers: IncomingHttpHeaders, url: string): string | null {
  const h = headers['x-goog-api-key'];
  const v = (Array.isArray(h) ? h[0] : h)?.trim();
  if (v) return v;
  const q = url.indexOf('?');
  if (q >= 0) {
    const key = new URLSearchParams(url.slice(q + 1)).get('key')?.trim();
    if (key) return key;
  }
  return presentedKey(headers);
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4 for allow-lists. */
export function normalizeIp(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m?.[1] ?? ip;
}

/** A token's IP allow-list (addresses and CIDR blocks, both families). Empty allows everyone. */
export class IpAllowList {
  private readonly list = new BlockList();
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim();
      const slash = entry.indexOf('/');
      const addr = normalizeIp(slash < 0 ? entry : entry.slice(0, slash));
      const family = isIP(addr);
      if (family === 0) continue;
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (slash < 0) this.list.addAddress(addr, type);
      else {
        const bits = Number(entry.slice(slash + 1));
        if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) continue;
        this.list.addSubnet(addr, bits, type);
      }
    }
    // Entries that were all unreadable still restrict: an allow-list nobody matches allows nobody.
    this.empty = entries.length === 0;
  }

  allows(ip: string): boolean {
    if (this.empty) return true;
    const addr = normalizeIp(ip);
    const family = isIP(addr);
    if (family === 0) return false;
    return this.list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
  }
}
