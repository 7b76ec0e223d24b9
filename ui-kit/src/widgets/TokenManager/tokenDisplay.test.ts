import type { Token } from '../../api/types';
import { buildChatUrl, chatLinkAddress, formatQuota, isDocumentUrl, maskKey, selectedTokensText } from './tokenDisplay';

const key = 'abcd1234567890wxyz';

describe('token display', () => {
  it('masks and prefixes keys', () => {
    expect(maskKey(key)).toBe('sk-abcd**********wxyz');
  });

  it('copies selected tokens as name and key per line', () => {
    const t = (name: string, k: string) => ({ name, key: k }) as Token;
    expect(selectedTokensText([t('a', 'k1'), t('b', 'k2')])).toBe('a    sk-k1\nb    sk-k2');
  });

  it('shows quota as dollars or raw units', () => {
    expect(formatQuota(750000)).toBe('$1.50');
    expect(formatQuota(750000, { inCurrency: false, quotaPerUnit: 500000 })).toBe('750000');
  });

  it('recognises page addresses for the debug document', () => {
    expect(isDocumentUrl('https://docs.example.com/x')).toBe(true);
    expect(isDocumentUrl('<h1>doc</h1>')).toBe(false);
  });
});

describe('chat links', () => {
  it('reads "tab name（link）" and bare links', () => {
    expect(chatLinkAddress('NextChat（https://chat.example.com/）')).toBe('https://chat.example.com');
    expect(chatLinkAddress('https://chat.example.com')).toBe('https://chat.example.com');
    expect(chatLinkAddress('NextChat (https://chat.example.com/)')).toBe('https://chat.example.com');
    // ASCII parentheses only around an http(s) address.
    expect(chatLinkAddress('https://chat.example.com/a(b)')).toBe('https://chat.example.com/a(b)');
    expect(chatLinkAddress('  ')).toBeUndefined();
  });

  it('fails with noChatLink for web clients when no link is set', () => {
    expect(buildChatUrl('next', key, 'https://api.example.com', {})).toEqual({ ok: false, error: 'noChatLink' });
    expect(buildChatUrl('lobe', key, 'https://api.example.com', {})).toEqual({ ok: false, error: 'noChatLink' });
    expect(buildChatUrl('next-mj', key, 'https://api.example.com', { chatLink: 'https://c' })).toEqual({
      ok: false,
      error: 'noChatLink',
    });
  });

  it('builds the client addresses', () => {
    const links = { chatLink: '聊天（https://chat.example.com）', chatLink2: 'https://mj.example.com' };
    expect(buildChatUrl('next', key, 'https://api.example.com/', links)).toEqual({
      ok: true,
      url: `https://chat.example.com/#/?settings={"key":"sk-${key}","url":"https://api.example.com"}`,
    });
    expect(buildChatUrl('next-mj', key, 'https://api.example.com', links)).toMatchObject({ url: expect.stringMatching(/^https:\/\/mj\.example\.com\/#\//) });
    expect(buildChatUrl('ama', key, 'https://api.example.com', {})).toEqual({
      ok: true,
      url: `ama://set-api-key?server=https%3A%2F%2Fapi.example.com&key=sk-${key}`,
    });
    expect(buildChatUrl('opencat', key, 'https://api.example.com', {})).toEqual({
      ok: true,
      url: `opencat://team/join?domain=https%3A%2F%2Fapi.example.com&token=sk-${key}`,
    });
  });
});
