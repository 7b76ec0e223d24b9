/**
 * Removes credentials from upstream error text before it reaches users or logs (security
 * rule 11). Upstreams echo keys back ("Incorrect API key provided: sk-..."), and proxies echo
 * headers, so the channel's own key is removed literally and anything key-shaped by pattern.
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

export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const part of secretParts(secrets)) out = out.split(part).join(MASK);
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Scrubs, then cuts to `max` characters (after scrubbing, so no key is left half-cut). */
export function scrubAndTruncate(text: string, secrets: readonly string[], max = 1000): string {
  const clean = scrubSecrets(text, secrets);
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
