import { IpAllowList, normalizeIp, presentedGeminiKey, presentedKey } from './credentials';

describe('relay credentials', () => {
  it('takes Bearer (any case), a bare Authorization value, then x-api-key', () => {
    expect(presentedKey({ authorization: 'Bearer sk-abc' })).toBe('sk-abc');
    expect(presentedKey({ authorization: 'bearer   sk-abc ' })).toBe('sk-abc');
    expect(presentedKey({ authorization: 'sk-abc' })).toBe('sk-abc');
    expect(presentedKey({ authorization: 'abc-12' })).toBe('abc-12');
    expect(presentedKey({ 'x-api-key': 'sk-x' })).toBe('sk-x');
    expect(presentedKey({ authorization: 'Bearer ', 'x-api-key': 'sk-x' })).toBe('sk-x');
    expect(presentedKey({ authorization: 'Bearer sk-a', 'x-api-key': 'sk-x' })).toBe('sk-a');
    expect(presentedKey({})).toBeNull();
    expect(presentedKey({ authorization: '  ' })).toBeNull();
  });

  it('Gemini paths take x-goog-api-key, then ?key=, then the other forms', () => {
    expect(presentedGeminiKey({ 'x-goog-api-key': 'sk-g', authorization: 'Bearer sk-a' }, '/v1beta/models?key=sk-q')).toBe('sk-g');
    expect(presentedGeminiKey({ authorization: 'Bearer sk-a' }, '/v1beta/models/m:generateContent?alt=sse&key=sk-q')).toBe('sk-q');
    expect(presentedGeminiKey({ authorization: 'Bearer sk-a' }, '/v1beta/models?key=')).toBe('sk-a');
    expect(presentedGeminiKey({}, '/v1beta/models')).toBeNull();
  });

  it('matches addresses and CIDR blocks of both families, IPv4-mapped IPv6 as IPv4', () => {
    const list = new IpAllowList(['10.0.0.0/8', '192.168.1.7', '2001:db8::/32', 'garbage', '1.2.3.4/99']);
    expect(list.allows('10.20.30.40')).toBe(true);
    expect(list.allows('::ffff:10.1.1.1')).toBe(true);
    expect(list.allows('192.168.1.7')).toBe(true);
    expect(list.allows('192.168.1.8')).toBe(false);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('1.2.3.4')).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
    expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('an empty list allows everyone; a list of unreadable entries allows no one', () => {
    expect(new IpAllowList([]).allows('8.8.8.8')).toBe(true);
    expect(new IpAllowList(['nope']).allows('8.8.8.8')).toBe(false);
  });
});
