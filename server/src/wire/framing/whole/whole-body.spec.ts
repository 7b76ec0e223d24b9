import { SseEventTooLargeError } from '../sse/sse-parser';
import { WholeBodyFraming } from './whole-body';

describe('WholeBodyFraming', () => {
  const BODY = Buffer.from('{"candidates":[{"author":"1","content":"Grüße, 你好🌍\\nline two"}]}', 'utf8');

  it('gives nothing while the body arrives, then the whole body as one event at the end, whatever the chunk boundaries', () => {
    for (let cut = 0; cut <= BODY.length; cut++) {
      const f = new WholeBodyFraming({ maxBytes: 1024 });
      expect(f.push(BODY.subarray(0, cut))).toEqual([]);
      expect(f.push(BODY.subarray(cut))).toEqual([]);
      expect(f.end()).toEqual([{ event: null, data: BODY.toString('utf8'), id: null }]);
    }
  });

  it('copies what it keeps (the caller may reuse its buffer)', () => {
    const f = new WholeBodyFraming({ maxBytes: 1024 });
    const reused = Buffer.from('{"a":1}');
    f.push(reused);
    reused.fill(0x20);
    expect(f.end()).toEqual([{ event: null, data: '{"a":1}', id: null }]);
  });

  it('gives no event for an empty body', () => {
    const f = new WholeBodyFraming({ maxBytes: 1024 });
    f.push(new Uint8Array(0));
    expect(f.end()).toEqual([]);
  });

  it('refuses a body larger than the bound as soon as it passes it', () => {
    const f = new WholeBodyFraming({ maxBytes: 16 });
    expect(f.push(Buffer.from('0123456789'))).toEqual([]);
    expect(() => f.push(Buffer.from('0123456789'))).toThrow(SseEventTooLargeError);
  });
});
