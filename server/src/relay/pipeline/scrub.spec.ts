import { HOST_MASK, IP_MASK, URL_MASK, scrubAndTruncate, scrubSecrets } from './scrub';

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
    // The whole URL goes (reference §11.8), the ?key= with it.
    expect(scrubSecrets('GET https://host/v1beta/models?key=AbCdEf123456&alt=sse failed')).toBe('GET [url] failed');
    expect(scrubSecrets('{"api_key": "zzzzzzzzzz", "x-api-key":"yyyyyyyy"}')).toBe('{"api_key": "***", "x-api-key":"***"}');
    expect(scrubSecrets('aws AKIAIOSFODNN7EXAMPLE denied')).toBe('aws *** denied');
  });

  it('masks URLs of any scheme, keeping the sentence punctuation around them', () => {
    expect(scrubSecrets('Post "https://supplier.example/v1/chat/completions": EOF')).toBe(`Post "${URL_MASK}": EOF`);
    expect(scrubSecrets('proxy ws://10.0.0.5:8080/ws and grpc+tls://relay.internal failed')).toBe(`proxy ${URL_MASK} and ${URL_MASK} failed`);
    expect(scrubSecrets('see (http://user:pw@gw.corp/x?y=1).')).toBe(`see (${URL_MASK}).`);
    // OpenAI's own docs links go too: one rule, no allowlist.
    expect(scrubSecrets('You can find your API key at https://platform.openai.com/account/api-keys.')).toBe(`You can find your API key at ${URL_MASK}.`);
  });

  it('masks IPv4 and IPv6 addresses with their ports', () => {
    expect(scrubSecrets('dial tcp 10.0.3.7:3000: connect: connection refused')).toBe(`dial tcp ${IP_MASK}: connect: connection refused`);
    expect(scrubSecrets('upstream 192.168.1.20 timed out.')).toBe(`upstream ${IP_MASK} timed out.`);
    expect(scrubSecrets('dial tcp [::1]:3000: connect: connection refused')).toBe(`dial tcp ${IP_MASK}: connect: connection refused`);
    expect(scrubSecrets('dial tcp [fe80::1%eth0]:443: i/o timeout')).toBe(`dial tcp ${IP_MASK}: i/o timeout`);
    expect(scrubSecrets('read tcp [2001:db8::7]:51234->[2001:db8::1]:443: reset')).toBe(`read tcp ${IP_MASK}->${IP_MASK}: reset`);
    expect(scrubSecrets('no route to 2001:db8:0:0:0:0:0:1 or fd00::a:1 or ::1')).toBe(`no route to ${IP_MASK} or ${IP_MASK} or ${IP_MASK}`);
  });

  it('masks host:port and resolver errors, and the channel host wherever it appears whole', () => {
    expect(scrubSecrets('upstream gw.internal.corp:8443 is down')).toBe(`upstream ${HOST_MASK} is down`);
    expect(scrubSecrets('dial tcp: lookup oneapi on 127.0.0.11:53: no such host')).toBe(`dial tcp: lookup ${HOST_MASK} on ${IP_MASK}: no such host`);
    expect(scrubSecrets('dial tcp: lookup supplier.example: no such host')).toBe(`dial tcp: lookup ${HOST_MASK}: no such host`);
    const base = 'http://OneAPI:3000/v1';
    expect(scrubSecrets('oneapi refused; oneapi:3000 down; ask ONEAPI.', [], base)).toBe(`${HOST_MASK} refused; ${HOST_MASK} down; ask ${HOST_MASK}.`);
    // Whole names only.
    expect(scrubSecrets('oneapi-2 and myoneapi and oneapi.example', [], base)).toBe('oneapi-2 and myoneapi and oneapi.example');
    expect(scrubSecrets('via relay.supplier.example, then relay.supplier.example:443', [], 'https://relay.supplier.example')).toBe(`via ${HOST_MASK}, then ${HOST_MASK}`);
    // No base URL, or one that does not parse, masks nothing extra.
    expect(scrubSecrets('oneapi refused', [], '')).toBe('oneapi refused');
    expect(scrubSecrets('oneapi refused', [], 'not a url')).toBe('oneapi refused');
  });

  it('leaves versions, model names, numbers and OpenAI messages alone', () => {
    const texts = [
      'The model `gpt-4.1` does not exist; try gpt-4o-mini or o1-preview (SDK 1.2.3, e.g. openai==1.40.0).',
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 130,512 tokens.",
      'temperature 0.7 is out of range [0, 2]; top_p 1.5 too; ratio 1.5:1 at 12:30:45.',
      'Foo::bar is not a function; [1:2] is not valid; version 1.2.3.4.5; v1.2.3.4',
      'Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 29000.',
      'model lookup failed: no such model',
    ];
    for (const text of texts) expect(scrubSecrets(text, [], 'https://api.openai.com')).toBe(text);
  });

  it('stays linear on long hostile input', () => {
    const started = Date.now();
    for (const unit of ['a.', 'a-', '1.', 'a:', '[:', 'lookup ', 'abcdefghijklmnop', 'ab::']) {
      scrubAndTruncate(unit.repeat(64 * 1024 / unit.length), ['secret-key-123'], 1000, 'http://oneapi:3000');
    }
    // Only a window past the cut is scrubbed, so a 4 MiB body costs what a short one does.
    const huge = `dial tcp 10.0.3.7:3000 ${'z'.repeat(4 * 1024 * 1024)}`;
    expect(scrubAndTruncate(huge, [], 30)).toBe(`dial tcp ${IP_MASK} ${'z'.repeat(30 - 14)}…`);
    expect(Date.now() - started).toBeLessThan(2000);
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
