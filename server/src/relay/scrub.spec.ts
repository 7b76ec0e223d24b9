import { scrubAndTruncate, scrubSecrets } from './scrub';

describe('scrubSecrets', () => {
  it('removes the channel key, each part of multi-part keys, and every occurrence', () => {
    expect(scrubSecrets('key azure0123456789 rejected; azure0123456789 again', ['azure0123456789'])).toBe('key *** rejected; *** again');
    expect(scrubSecrets('AppId 12345678 secret SECRETabcdef region cn', ['12345678|SECRETabcdef|cn'])).toBe('AppId *** secret *** region cn');
    expect(scrubSecrets('one k1-aaaaaaaa two k2-bbbbbbbb', ['k1-aaaaaaaa\nk2-bbbbbbbb'])).toBe('one *** two ***');
  });

  it('removes anything key-shaped even when it is not the channel key', () => {
    expect(scrubSecrets('Incorrect API key provided: sk-proj-AbC123_xyz-987. See docs.')).toBe('Incorrect API key provided: sk-***. See docs.');
    expect(scrubSecrets('Incorrect API key provided: sk-abc1***********wxyz.')).toBe('Incorrect API key provided: sk-***.');
    expect(scrubSecrets('header was Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payloadpayload.signaturesig')).toBe('header was Authorization: Bearer ***');
    expect(scrubSecrets('bad AIzaSyA1234567890abcdefghijklmnopqrstu key')).toBe('bad *** key');
    expect(scrubSecrets('token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJlc2ln leaked')).toBe('token *** leaked');
    expect(scrubSecrets('GET https://host/v1beta/models?key=AbCdEf123456&alt=sse failed')).toBe('GET https://host/v1beta/models?key=***&alt=sse failed');
    expect(scrubSecrets('{"api_key": "zzzzzzzzzz", "x-api-key":"yyyyyyyy"}')).toBe('{"api_key": "***", "x-api-key":"***"}');
    expect(scrubSecrets('aws AKIAIOSFODNN7EXAMPLE denied')).toBe('aws *** denied');
  });

  it('leaves ordinary text alone', () => {
    const text = 'The model `gpt-4o` does not exist or you do not have access to it. monkey: bananas.';
    expect(scrubSecrets(text, ['short'])).toBe(text);
  });

  it('truncates after scrubbing, so no key is left half-cut', () => {
    const key = 'sk-live-0123456789abcdef';
    const out = scrubAndTruncate(`${'x'.repeat(10)} ${key}`, [key], 20);
    expect(out).toBe('xxxxxxxxxx ***');
    expect(scrubAndTruncate('y'.repeat(50), [], 10)).toBe(`${'y'.repeat(10)}…`);
  });
});
