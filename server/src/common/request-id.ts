import { randomAlnum } from './secrets';

/** The stamp of the last millisecond asked for: a busy node makes several ids per millisecond. */
let lastMs = Number.NaN;
let lastStamp = '';

function stampOf(now: Date): string {
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return (
    `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}` +
    `${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}${p(now.getUTCMilliseconds(), 3)}`
  );
}

/** yyyyMMddHHmmss + milliseconds + 8 random characters, like the reference gateways. */
export function newRequestId(now = new Date()): string {
  const ms = now.getTime();
  if (ms !== lastMs) {
    lastStamp = stampOf(now);
    lastMs = ms;
  }
  return lastStamp + randomAlnum(8);
}
