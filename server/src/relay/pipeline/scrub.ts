/**
 * Removes credentials and addresses from upstream error text before it reaches users or logs
 * (security rule 11, reference §11.8). Upstreams echo keys back ("Incorrect API key provided:
 * sk-..."), proxies echo headers, and chained gateways echo where they were going ("dial tcp
 * 10.0.3.7:3000", `Post "https://supplier/v1/...": EOF`). The channel's own key and host are
 * removed literally, anything key- or address-shaped by pattern.
 *
 * Every pattern is linear: bounded quantifiers or single greedy runs with no nested repetition,
 * and callers read at most the error-body limit (64 KiB) before scrubbing.
 */
const MASK = '***';

/** Parts of a multi-part key (`AK|SK|Region`, one key per line) that are long enough to be secret. */
function secretParts(secrets: readonly string[]): string[] {
  const parts = new Set<string>();
  for (const s of secrets) {
    const whole = s.trim();
    if (whole.length >= 6) parts.add(whole);
    for (const p of whole.split(/[\s|,]+/)) if (p.length >= 6) parts.add(p);
  }
  // Longest first, so a part never leaves the tail of a longer secret behind.
  return [...parts].sort((a, b) => b.length - a.length);
}

const PATTERNS: readonly [RegExp, string][] = [
  // OpenAI-style keys, including project and admin keys and partially masked echoes.
  [/\bsk-[A-Za-z0-9_\-*]{4,}/g, `sk-${MASK}`],
  [/\bBearer\s+[A-Za-z0-9._~+/=\-*]{4,}/gi, `Bearer ${MASK}`],
  // Google API keys and JWTs (service-account tokens).
  [/\bAIza[0-9A-Za-z_-]{20,}/g, MASK],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, MASK],
  // AWS access key ids.
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, MASK],
  // key=..., "api_key": "...", api-key: ..., ?key=... and the like.
  [
    /\b(api[-_]?key|x-api-key|access[-_]?token|secret(?:[-_]?key)?|password|token|key)(["']?\s*[:=]\s*["']?)([^\s"'&,;}]{4,})/gi,
    `$1$2${MASK}`,
  ],
];

/** Fixed placeholders, so a client can still tell what kind of thing was there. */
export const URL_MASK = '[url]';
export const IP_MASK = '[ip]';
export const HOST_MASK = '[host]';

// Any scheme://..., up to whitespace, a quote or an angle bracket. Every URL is masked,
// OpenAI's own docs links included: one rule, and no allowlist to get wrong.
const URL_PATTERN = /\b[A-Za-z][A-Za-z0-9+.-]{0,15}:\/\/[^\s"'<>`]+/g;
/** Sentence punctuation after a URL stays in the text. */
const URL_TAIL = new Set(['.', ',', ';', ':', '!', '?', ')', ']', '}']);

function maskUrl(match: string): string {
  let end = match.length;
  while (end > 0 && URL_TAIL.has(match.charAt(end - 1))) end -= 1;
  return URL_MASK + match.slice(end);
}

const PORT = '(?::\\d{1,5})?';
const HEX = '[0-9A-Fa-f]{1,4}';
const ADDRESS_PATTERNS: readonly [RegExp, string][] = [
  // [::1]:3000, [fe80::1%eth0] (Go's "dial tcp [::1]:3000"): two colons at least, so [1:2] stays.
  [new RegExp(`\\[[0-9A-Fa-f.]{0,40}:[0-9A-Fa-f.]{0,40}:[0-9A-Fa-f:.]{0,40}(?:%[\\w.-]{1,32})?\\]${PORT}`, 'g'), IP_MASK],
  // Bare IPv6: eight groups, or compressed around "::" with at least one group (not "Foo::bar", not "::").
  [new RegExp(`(?<![\\w:.])(?:(?:${HEX}:){7}${HEX}|${HEX}(?::${HEX}){0,6}::(?:${HEX}(?::${HEX}){0,6})?|::${HEX}(?::${HEX}){0,6})(?![\\w:.])`, 'g'), IP_MASK],
  // IPv4 with an optional port; not part of a longer dotted number (1.2.3.4.5) or a word (v1.2.3.4).
  [new RegExp(`(?<![\\w.])\\d{1,3}(?:\\.\\d{1,3}){3}${PORT}(?!\\w|\\.\\d)`, 'g'), IP_MASK],
  // host.name:port: a dotted name whose last label starts with a letter, then a port.
  [/(?<![\w.-])[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z][A-Za-z0-9-]{0,62}:\d{1,5}(?!\w)/g, HOST_MASK],
  // Go resolver errors name the host without a port: "lookup svc on 127.0.0.11:53: ...",
  // "lookup api.example: no such host". After the IP patterns, so the resolver reads "[ip]".
  [/\blookup (?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}(?=: | on [\d[])|[A-Za-z0-9-]{1,63}(?= on [\d[]))/g, `lookup ${HOST_MASK}`],
];

/** The channel's base URL host, when long enough that masking it cannot eat ordinary words. */
function baseHostPattern(baseUrl: string): RegExp | null {
  let host: string;
  try {
    host = new URL(baseUrl.trim()).hostname;
  } catch {
    return null;
  }
  if (host.length < 3) return null;
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // Whole names only: "oneapi" in "oneapi:3000" or "oneapi." but not in "oneapi-2" or "myoneapi".
  return new RegExp(`(?<![\\w.-])${escaped}${PORT}(?![\\w-]|\\.\\w)`, 'gi');
}

/**
 * `secrets`: the channel's key(s); `baseUrl`: the channel's base URL, whose host is masked even
 * when it appears bare (a single-label internal name matches no generic pattern).
 */
export function scrubSecrets(text: string, secrets: readonly string[] = [], baseUrl = ''): string {
  let out = text;
  for (const part of secretParts(secrets)) out = out.split(part).join(MASK);
  out = out.replace(URL_PATTERN, maskUrl);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  for (const [pattern, replacement] of ADDRESS_PATTERNS) out = out.replace(pattern, replacement);
  const host = baseUrl ? baseHostPattern(baseUrl) : null;
  if (host) out = out.replace(host, HOST_MASK);
  return out;
}

/**
 * Scrubs, then cuts to `max` characters (after scrubbing, so no key is left half-cut). Only a
 * window well past `max` is scrubbed: masks shrink text by far less than that slack, so the cut
 * never shows the window's edge, and a 4 MiB channel-test body costs no more than a short one.
 */
export function scrubAndTruncate(text: string, secrets: readonly string[], max = 1000, baseUrl = ''): string {
  const scanned = 4 * max + 4096;
  const clean = scrubSecrets(text.length > scanned ? text.slice(0, scanned) : text, secrets, baseUrl);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
