import { randomAlnum } from './secrets';

/** yyyyMMddHHmmss + milliseconds + 8 random characters, like the reference gateways. */
export function newRequestId(now = new Date()): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp =
    `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}` +
    `${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}${p(now.getUTCMilliseconds(), 3)}`;
  return stamp + randomAlnum(8);
}
