import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The widget's fields that enter the data-check-string (our own query parameters never do). */
const WIDGET_FIELDS = ['auth_date', 'first_name', 'id', 'last_name', 'photo_url', 'username'] as const;
/** How old an `auth_date` may be, and how far ahead of our clock. */
export const TELEGRAM_MAX_AGE_SECONDS = 10 * 60;
const CLOCK_SKEW_SECONDS = 60;

export type TelegramCheck =
  | { ok: true; id: string; displayName: string }
  | { ok: false; reason: 'no_token' | 'invalid' | 'expired' };

/**
 * Telegram Login Widget verification (core.telegram.org/widgets/login): HMAC-SHA-256 of the
 * sorted `key=value` lines under SHA-256(bot token), compared in constant time, plus freshness.
 * An empty bot token refuses everything.
 */
export function checkTelegramLogin(input: Record<string, unknown>, botToken: string, now: number): TelegramCheck {
  if (botToken === '') return { ok: false, reason: 'no_token' };
  const hash = input.hash;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, reason: 'invalid' };
  const lines: string[] = [];
  for (const key of WIDGET_FIELDS) {
    const v = input[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' && typeof v !== 'number') return { ok: false, reason: 'invalid' };
    const text = String(v);
    if (text.length > 512) return { ok: false, reason: 'invalid' };
    lines.push(`${key}=${text}`);
  }
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(lines.join('\n')).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, reason: 'invalid' };
  const id = String(input.id ?? '');
  const authDate = Number(input.auth_date);
  if (!/^[1-9]\d{0,19}$/.test(id) || !Number.isInteger(authDate)) return { ok: false, reason: 'invalid' };
  if (authDate < now - TELEGRAM_MAX_AGE_SECONDS || authDate > now + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'expired' };
  const name = [input.username, input.first_name].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';
  return { ok: true, id, displayName: [...name.trim()].slice(0, 20).join('') };
}
