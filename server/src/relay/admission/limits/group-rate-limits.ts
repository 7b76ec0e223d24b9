/** One scope's limits: requests per minute, tokens per minute, requests at once; 0 = none. */
export interface LimitRule {
  rpm: number;
  tpm: number;
  concurrency: number;
}

const FIELDS = ['rpm', 'tpm', 'concurrency'] as const;
const INT32_MAX = 2_147_483_647;

/** What is wrong with a GroupRateLimits value, by path; null when it is the documented JSON. */
export interface BadPath {
  path: string;
  problem: 'object' | 'field' | 'integer';
}

/** Checks `{group: {rpm, tpm, concurrency}}` (every field optional, integers 0 .. 2^31-1). */
export function checkGroupRateLimits(value: unknown): BadPath | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { path: '$', problem: 'object' };
  for (const [group, rule] of Object.entries(value as Record<string, unknown>)) {
    const at = `${group}`;
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return { path: at, problem: 'object' };
    for (const [field, v] of Object.entries(rule as Record<string, unknown>)) {
      if (!(FIELDS as readonly string[]).includes(field)) return { path: `${at}.${field}`, problem: 'field' };
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > INT32_MAX) return { path: `${at}.${field}`, problem: 'integer' };
    }
  }
  return null;
}

/** The rules of a checked value; groups whose limits are all 0 are left out. */
export function groupRules(value: unknown): Map<string, LimitRule> {
  const out = new Map<string, LimitRule>();
  if (checkGroupRateLimits(value) !== null) return out;
  for (const [group, raw] of Object.entries(value as Record<string, Record<string, number>>)) {
    const rule = { rpm: raw.rpm ?? 0, tpm: raw.tpm ?? 0, concurrency: raw.concurrency ?? 0 };
    if (rule.rpm > 0 || rule.tpm > 0 || rule.concurrency > 0) out.set(group, rule);
  }
  return out;
}
