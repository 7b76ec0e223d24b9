import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { SseEventTooLargeError } from '../sse/sse-parser';
import { AwsEventStreamDecoder, StreamFrameError } from './aws-event-stream';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

function str(value: string) {
  return { type: 'string' as const, value };
}

function chunk(event: object): Uint8Array {
  const headers: MessageHeaders = { ':event-type': str('chunk'), ':content-type': str('application/json'), ':message-type': str('event') };
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  return codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes })) });
}

function exception(type: string, message: string): Uint8Array {
  const headers: MessageHeaders = { ':exception-type': str(type), ':content-type': str('application/json'), ':message-type': str('exception') };
  return codec.encode({ headers, body: fromUtf8(JSON.stringify({ message })) });
}

const EVENTS = [
  { type: 'message_start', message: { id: 'msg_1', usage: { input_tokens: 9, output_tokens: 1 } } },
  { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '你好 🌍' } },
  { type: 'message_stop', 'amazon-bedrock-invocationMetrics': { inputTokenCount: 9, outputTokenCount: 3 } },
];

describe('AwsEventStreamDecoder', () => {
  const whole = Buffer.concat(EVENTS.map(chunk));

  it('yields the decoded chunk payloads in order, whole or split at every byte', () => {
    const expected = EVENTS.map((e) => ({ event: 'chunk', data: JSON.stringify(e), id: null }));
    const d = new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 });
    expect([...d.push(whole), ...d.end()]).toEqual(expected);
    const bytewise = new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 });
    const out = [];
    for (let i = 0; i < whole.length; i++) out.push(...bytewise.push(whole.subarray(i, i + 1)));
    expect(out).toEqual(expected);
  });

  it('an exception message becomes an exception event carrying its type and message', () => {
    const d = new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 });
    const [ev] = d.push(exception('throttlingException', 'Too many requests'));
    expect(ev?.event).toBe('exception');
    expect(JSON.parse(ev?.data ?? '')).toEqual({ message: 'Too many requests', exceptionType: 'throttlingException' });
  });

  it('a message announcing more than the bound throws before it is buffered', () => {
    const d = new AwsEventStreamDecoder({ maxEventBytes: 64 });
    expect(() => d.push(Buffer.from(whole.subarray(0, 8)))).toThrow(SseEventTooLargeError);
  });

  it('a corrupted message (CRC) or an impossible length is a frame error', () => {
    const bad = Buffer.from(chunk(EVENTS[0] as object));
    const at = bad.length - 6;
    bad.writeUInt8(bad.readUInt8(at) ^ 0xff, at);
    expect(() => new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 }).push(bad)).toThrow(StreamFrameError);
    expect(() => new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 }).push(Buffer.from([0, 0, 0, 3, 0, 0, 0, 0]))).toThrow(StreamFrameError);
  });

  it('a message cut by the end of the stream is dropped', () => {
    const d = new AwsEventStreamDecoder({ maxEventBytes: 1 << 20 });
    expect(d.push(whole.subarray(0, whole.length - 5))).toHaveLength(2);
    expect(d.end()).toEqual([]);
  });
});
