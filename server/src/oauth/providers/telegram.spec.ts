import { createHash, createHmac } from 'node:crypto';
import { checkTelegramLogin, TELEGRAM_MAX_AGE_SECONDS } from './telegram';

const TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const NOW = 1_800_000_000;

/** Telegram's documented algorithm, written out independently of the code under test. */
function reference(fields: Record<string, string>): string {
  const dcs = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return createHmac('sha256', createHash('sha256').update(TOKEN).digest()).update(dcs).digest('hex');
}

describe('Telegram login widget check', () => {
  const fields = { id: '987654321', first_name: 'Ada', username: 'ada_l', photo_url: 'https://t.me/i/userpic/320/ada.jpg', auth_date: String(NOW - 5) };

  it('accepts the widget hash and returns the numeric id', () => {
    const hash = reference(fields);
    expect(checkTelegramLogin({ ...fields, hash }, TOKEN, NOW)).toEqual({ ok: true, id: '987654321', displayName: 'ada_l' });
    // Our own query parameters (lang, aff) are not part of the signed data.
    expect(checkTelegramLogin({ ...fields, hash, lang: 'zh', aff: 'x1' }, TOKEN, NOW).ok).toBe(true);
  });

  it('refuses a changed field, a forged hash, another token and an empty token', () => {
    const hash = reference(fields);
    expect(checkTelegramLogin({ ...fields, id: '1', hash }, TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...fields, hash: '0'.repeat(64) }, TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...fields, hash: 'xyz' }, TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...fields, hash }, 'other-token', NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(checkTelegramLogin({ ...fields, hash }, '', NOW)).toEqual({ ok: false, reason: 'no_token' });
  });

  it('refuses an auth_date outside the freshness window', () => {
    const old = { ...fields, auth_date: String(NOW - TELEGRAM_MAX_AGE_SECONDS - 1) };
    expect(checkTelegramLogin({ ...old, hash: reference(old) }, TOKEN, NOW)).toEqual({ ok: false, reason: 'expired' });
    const future = { ...fields, auth_date: String(NOW + 3600) };
    expect(checkTelegramLogin({ ...future, hash: reference(future) }, TOKEN, NOW)).toEqual({ ok: false, reason: 'expired' });
  });
});
