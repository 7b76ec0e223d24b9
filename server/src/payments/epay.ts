import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The epay (易支付) merchant signature: every parameter except `sign` and `sign_type`, empty values
 * left out, sorted by name, joined as `k=v&k=v`, the merchant key appended, MD5 in lower-case hex.
 * The same rule signs our submit form and the gateway's notify and return calls.
 */
export function epaySign(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + key, 'utf8')
    .digest('hex');
}

/** Constant-time check of a received `sign`; an empty key verifies nothing. */
export function epayVerify(params: Record<string, string>, key: string): boolean {
  if (key === '') return false;
  const sign = params.sign ?? '';
  if (!/^[0-9a-fA-F]{32}$/.test(sign)) return false;
  return timingSafeEqual(Buffer.from(epaySign(params, key), 'hex'), Buffer.from(sign.toLowerCase(), 'hex'));
}

/** "12.30" -> 1230; anything that is not a plain amount with at most two decimals -> null. */
export function moneyToCents(text: string): number | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

export function centsToMoney(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
