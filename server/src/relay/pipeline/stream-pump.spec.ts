import { PassThrough } from 'node:stream';
import { fixtureText } from '../adaptors/__fixtures__/replay';
import { claudeAdaptor } from '../adaptors/claude/claude.adaptor';
import { geminiAdaptor } from '../adaptors/gemini/gemini.adaptor';
import { openaiAdaptor } from '../adaptors/openai/openai.adaptor';
import type { ChannelContext } from '../adaptors/types';
import { parseMessagesRequest } from '../../wire/anthropic-messages/parse';
import { parseChatRequest, parseResponsesRequest } from '../../wire/openai-chat/parse';
import type { StreamForward } from '../../wire/canonical/response';
import * as convertedMessages from './converted-messages';
import { AnthropicStreamEncoder } from '../../wire/anthropic-messages/anthropic-messages';
import type { ClientError, ClientStreamEncoder, StreamEnd } from '../../wire/format';
import { DrainLimiter } from './drain-limiter';
import { HeldRequest } from './held-request';
import { reportsCompletion } from '../../billing/usage-clamp';
import type { ClientExchange } from './exchange';
import { OpenAIChatStreamEncoder, OpenAIStreamEncoder } from '../../wire/openai-chat/index';
import { StreamPump, type AbortReason, type PumpOptions } from './stream-pump';
import { openAIResponsesFormat } from '../../wire/openai-responses/openai-responses';
import type { SseEvent } from '../../wire/framing/sse/sse-parser';

const ctx: ChannelContext = { type: 1, baseUrl: '', key: 'sk-test', upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
const req = parseChatRequest({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true });

/** The client side, recording what was written; `full` makes writes report a full socket. */
class FakeExchange {
  committed = false;
  gone = false;
  /** What the client got, as text (a chunk written as the upstream's bytes is decoded). */
  written: string[] = [];
  /** How each write came: the upstream's own bytes or text the encoder made. */
  kinds: ('bytes' | 'text')[] = [];
  ended = false;
  full = false;
  readonly requestId = 'req-1';
  readonly lang = 'en' as const;
  private goneHandlers: (() => void)[] = [];
  private drainWaiters: (() => void)[] = [];
  writeHead(): void {
    this.committed = true;
  }
  write(chunk: string | Uint8Array): boolean {
    this.written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    this.kinds.push(typeof chunk === 'string' ? 'text' : 'bytes');
    return !this.full;
  }
  end(chunk?: string | Uint8Array): void {
    // As ClientExchange.end: a last chunk is written before the end.
    if (chunk !== undefined) this.write(chunk);
    this.ended = true;
  }
  whenDrained(): Promise<void> {
    return new Promise((r) => this.drainWaiters.push(r));
  }
  drain(): void {
    this.full = false;
    for (const w of this.drainWaiters.splice(0)) w();
  }
  onGone(fn: () => void): () => void {
    this.goneHandlers.push(fn);
    return () => undefined;
  }
  leave(): void {
    this.gone = true;
    for (const h of this.goneHandlers.splice(0)) h();
  }
}

const chunk = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
const usage = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 7, completion_tokens: 3 } })}\n\n`;

function pump(overrides: Partial<PumpOptions> = {}) {
  const body = new PassThrough();
  const x = new FakeExchange();
  const aborts: AbortReason[] = [];
  let reason: AbortReason | null = null;
  const checkpoints: number[] = [];
  const p = new StreamPump({
    body,
    exchange: x as unknown as ClientExchange,
    parse: (ev) => openaiAdaptor.parseTextStreamEvent(req, ev, ctx),
    // As the relay opens an OpenAI-wire stream: plain chunks may go out unparsed.
    skim: openaiAdaptor.skimTextStreamEvent,
    encoder: new OpenAIStreamEncoder(false),
    idleMs: 5_000,
    drain: { ms: 5_000, maxBytes: 1_000_000, limiter: new DrainLimiter(4) },
    maxEventBytes: 4096,
    abort: (r) => {
      aborts.push(r);
      reason ??= r;
      body.destroy(new Error('aborted'));
    },
    aborted: () => reason,
    checkpoint: (n) => checkpoints.push(n),
    checkpointMs: 60_000,
    promptEstimate: 8,
    interruptedMessage: (k) => `interrupted:${k}`,
    ...overrides,
  });
  return { body, x, aborts, checkpoints, run: p.run() };
}

describe('StreamPump', () => {
  it('forwards chunks as written, hides the usage chunk from a client that did not ask, ends with [DONE]', async () => {
    const { body, x, run } = pump();
    body.write(chunk('Hel'));
    body.write(chunk('lo'));
    body.write(usage);
    body.end('data: [DONE]\n\n');
    const r = await run;
    expect(x.written).toEqual([chunk('Hel'), chunk('lo'), 'data: [DONE]\n\n']);
    expect(x.ended).toBe(true);
    expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { promptTokens: 7, completionTokens: 3 } } });
  });

  it('a chunk that is one whole event forwarded unchanged goes out as the upstream\'s bytes; any other is encoded', async () => {
    const { body, x, run } = pump();
    const named = `event: x\n${chunk('named')}`;
    body.write(chunk('first'));
    body.write(chunk('whole'));
    body.write(chunk('sp').slice(0, 20));
    body.write(chunk('sp').slice(20));
    body.write(chunk('two') + chunk('in one'));
    body.write(named);
    body.write(chunk('crlf').replace(/\n/g, '\r\n'));
    body.write(chunk('again'));
    body.end('data: [DONE]\n\n');
    await run;
    const events = (s: string) => s.split(/\r?\n\r?\n/).filter(Boolean).map((e) => JSON.parse(e.split('data: ')[1] ?? '') as unknown);
    expect(x.written.slice(0, -1).flatMap(events)).toEqual(
      [chunk('first'), chunk('whole'), chunk('sp'), chunk('two'), chunk('in one'), chunk('named'), chunk('crlf'), chunk('again')].flatMap(events),
    );
    // The first chunk of a stream is read through the slow path (a byte order mark may open it).
    expect(x.kinds).toEqual(['text', 'bytes', 'text', 'text', 'text', 'text', 'bytes', 'text']);
    expect(x.written[1]).toBe(chunk('whole'));
    // The two events of one upstream chunk leave in one write.
    expect(x.written[3]).toBe(chunk('two') + chunk('in one'));
    expect(x.written[6]).toBe(chunk('again'));
    expect(x.written[7]).toBe('data: [DONE]\n\n');
  });

  it('writes its own usage chunk for a client that asked when the upstream sent none', async () => {
    const { body, x, run } = pump({ encoder: new OpenAIStreamEncoder(true) });
    body.write(chunk('Hello'));
    body.end('data: [DONE]\n\n');
    await run;
    const events = x.written.join('').split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    expect(JSON.parse((events.at(-2) ?? '').slice('data: '.length))).toMatchObject({ id: 'c1', choices: [], usage: { prompt_tokens: 8, completion_tokens: 1 } });
  });

  it('pauses the upstream while the client socket is full and resumes on drain', async () => {
    const { body, x, run } = pump();
    x.full = true;
    body.write(chunk('a'));
    await new Promise((r) => setImmediate(r));
    expect(body.isPaused()).toBe(true);
    x.drain();
    await new Promise((r) => setImmediate(r));
    expect(body.isPaused()).toBe(false);
    body.end('data: [DONE]\n\n');
    await expect(run).resolves.toMatchObject({ kind: 'served' });
  });

  it('comments do not reset the idle timer: a stream of keep-alives times out (before any chunk: fail over)', async () => {
    const { body, aborts, run } = pump({ idleMs: 80 });
    const keepAlive = setInterval(() => body.write(': keep-alive\n\n'), 20);
    const r = await run;
    clearInterval(keepAlive);
    expect(aborts[0]).toBe('idle');
    expect(r).toMatchObject({ kind: 'failed', failure: { class: 'timeout', retryable: true } });
  });

  it('garbage then [DONE] with nothing forwarded fails over; an early close too', async () => {
    const a = pump();
    a.body.end('data: not json\n\ndata: [DONE]\n\n');
    await expect(a.run).resolves.toMatchObject({ kind: 'failed', failure: { retryable: true } });
    expect(a.x.committed).toBe(false);
    const b = pump();
    b.body.end();
    await expect(b.run).resolves.toMatchObject({ kind: 'failed' });
  });

  it('lets the client request go when it commits the answer, and only then', async () => {
    // Before the first byte another channel may still need the request: a failed start keeps it.
    const failed = new HeldRequest(req);
    const a = pump({ request: failed });
    a.body.end('data: not json\n\ndata: [DONE]\n\n');
    await expect(a.run).resolves.toMatchObject({ kind: 'failed' });
    expect(failed.released).toBe(false);
    expect(failed.req).toBe(req);

    const held = new HeldRequest(req);
    const b = pump({ request: held });
    expect(held.released).toBe(false);
    b.body.write(chunk('Hel'));
    await new Promise((r) => setImmediate(r));
    expect(b.x.committed).toBe(true);
    expect(held.released).toBe(true);
    expect(() => held.req).toThrow(/let go/);
    // What is known without the request stays: the model and the endpoint.
    expect({ model: held.model, endpoint: held.endpoint }).toEqual({ model: 'gpt-4o-mini', endpoint: 'chat' });
    b.body.end(`${chunk('lo')}${usage}data: [DONE]\n\n`);
    await expect(b.run).resolves.toMatchObject({ kind: 'served' });
    expect(b.x.written.join('')).toContain('"Hel"');
  });

  it('an upstream close after content: an error event, the delivered tokens charged', async () => {
    const { body, x, run } = pump();
    body.write(chunk('Hello world'));
    body.end();
    const r = await run;
    expect(x.written.at(-1)).toContain('interrupted:interrupted');
    // "Hello world": two words, the joining space is free.
    expect(r).toEqual({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: 2, reason: 'upstream_error' } });
  });

  it('a client gone mid-stream starts a drain that reads on to the usage', async () => {
    const { body, x, run } = pump();
    body.write(chunk('Hello'));
    await new Promise((r) => setImmediate(r));
    x.leave();
    body.write(chunk(' world'));
    body.write(usage);
    body.end('data: [DONE]\n\n');
    const r = await run;
    expect(x.written).toEqual([chunk('Hello')]);
    expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { completionTokens: 3 } } });
  });

  it('no drain slot left: the upstream is cut and the delivered content charged', async () => {
    const limiter = new DrainLimiter(0);
    const { body, x, aborts, run } = pump({ drain: { ms: 5_000, maxBytes: 1_000, limiter } });
    body.write(chunk('Hello'));
    await new Promise((r) => setImmediate(r));
    x.leave();
    const r = await run;
    expect(aborts).toContain('drain');
    expect(r).toEqual({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: 1, reason: 'client_gone' } });
  });

  it('a drain past its byte bound is cut the same way', async () => {
    const { body, x, aborts, run } = pump({ drain: { ms: 5_000, maxBytes: 200, limiter: new DrainLimiter(1) } });
    body.write(chunk('Hello'));
    await new Promise((r) => setImmediate(r));
    x.leave();
    for (let i = 0; i < 5; i++) body.write(chunk('more words here'));
    const r = await run;
    expect(aborts).toContain('drain');
    expect(r).toMatchObject({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: 1 } });
  });

  it('an event over the size bound is a protocol failure, never buffered whole', async () => {
    const { body, run } = pump({ maxEventBytes: 64 });
    body.write(`data: ${'x'.repeat(100)}`);
    await expect(run).resolves.toMatchObject({ kind: 'failed', failure: { class: 'server' } });
  });

  it('checkpoints the generated tokens at most every checkpointMs', async () => {
    const { body, checkpoints, run } = pump({ checkpointMs: 0 });
    body.write(chunk('one'));
    body.write(chunk(' two'));
    body.end('data: [DONE]\n\n');
    await run;
    expect(checkpoints).toEqual([1, 2]);
  });

  it('knows no wire format: every byte the client gets comes from the encoder', async () => {
    const calls: string[] = [];
    const encoder: ClientStreamEncoder = {
      headers: { 'Content-Type': 'x/test' },
      forward: (c: StreamForward) => {
        calls.push('forward');
        return `<${String((c.data.choices as { delta: { content?: string } }[])[0]?.delta.content ?? '')}>`;
      },
      end: (e: StreamEnd) => {
        calls.push(`end:${e.finishReason}:${e.usage?.completionTokens}:${e.estimate.promptTokens}`);
        return '<end>';
      },
      error: (e: ClientError) => `<error ${e.message}>`,
    };
    const { body, x, run } = pump({ encoder });
    body.write(chunk('a'));
    body.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
    body.write(usage);
    body.end('data: [DONE]\n\n');
    await run;
    expect(x.written.join('')).toBe('<a><><>' + '<end>');
    expect(calls.at(-1)).toBe('end:stop:3:8');
  });

  it('an upstream error or break after the start is the encoder\'s error event, with the request id', async () => {
    const errors: ClientError[] = [];
    const encoder: ClientStreamEncoder = { headers: {}, forward: () => 'x', end: () => '', error: (e) => (errors.push(e), 'E') };
    const a = pump({ encoder });
    a.body.write(chunk('a'));
    a.body.end(`data: ${JSON.stringify({ error: { message: 'overloaded', type: 'server_error', code: 'overloaded' } })}\n\n`);
    await a.run;
    const b = pump({ encoder });
    b.body.write(chunk('a'));
    b.body.end();
    await b.run;
    expect(a.x.written).toEqual(['x', 'E']);
    expect(errors).toEqual([
      { status: expect.any(Number), code: 'overloaded', type: 'server_error', message: expect.stringMatching(/overloaded.* \(request id: req-1\)$/), param: null },
      { status: 502, code: 'upstream_interrupted', type: 'upstream_error', message: 'interrupted:interrupted (request id: req-1)', param: null },
    ]);
  });

  describe('plain chunks (skim): forwarded as they came, parsed only when a count is needed', () => {
    const finish = (content?: string) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: 'stop' }] })}\n\n`;
    const nullUsage = (content: string) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: null }], usage: null })}\n\n`;
    const call = (id: string, args: string) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, ...(id ? { id, type: 'function' } : {}), function: { name: id ? 'lookup' : undefined, arguments: args } }] }, finish_reason: null }] })}\n\n`;
    const dataOf = (sse: string) => sse.slice('data: '.length, -2);

    /** A pump whose parse calls are recorded. */
    function counted(overrides: Partial<PumpOptions> = {}) {
      const parsed: string[] = [];
      const p = pump({ parse: (ev) => (parsed.push(ev.data), openaiAdaptor.parseTextStreamEvent(req, ev, ctx)), ...overrides });
      return { ...p, parsed };
    }

    it('with the upstream\'s usage the content chunks are never parsed, and go out as the upstream\'s bytes', async () => {
      const { body, x, run, parsed } = counted({ encoder: new OpenAIStreamEncoder(true) });
      body.write(chunk('Hello'));
      body.write(chunk(' there'));
      body.write(chunk('two') + chunk(' in one'));
      body.write(finish());
      body.write(usage);
      body.end('data: [DONE]\n\n');
      const r = await run;
      // The first chunk (the answer begins with it), the finish, the usage and the end marker.
      expect(parsed).toEqual([dataOf(chunk('Hello')), dataOf(finish()), dataOf(usage), '[DONE]']);
      expect(x.written).toEqual([chunk('Hello'), chunk(' there'), chunk('two') + chunk(' in one'), finish(), usage, 'data: [DONE]\n\n']);
      expect(x.kinds.slice(0, 3)).toEqual(['text', 'bytes', 'text']);
      // The reported completion is billed as it is: the estimate it makes moot is not taken.
      expect(r).toEqual({ kind: 'served', charge: { kind: 'usage', reported: expect.objectContaining({ completionTokens: 3 }), completionEstimate: 0, zeroIsMissing: true } });
    });

    it('the "usage": null include_usage adds is cut from the text for a client that did not ask, unparsed', async () => {
      const { body, x, run, parsed } = counted();
      // An upstream that escapes non-ASCII text: the client gets the upstream's own text, less the key.
      const escaped = nullUsage('x').replace('"x"', '"\\u4f60\\u597d"');
      body.write(nullUsage('Hello'));
      body.write(nullUsage(' there'));
      body.write(escaped);
      body.end(usage + 'data: [DONE]\n\n');
      const r = await run;
      expect(parsed).toEqual([dataOf(nullUsage('Hello')), dataOf(usage), '[DONE]']);
      expect(x.written).toEqual([chunk('Hello'), chunk(' there'), escaped.replace(',"usage":null', ''), 'data: [DONE]\n\n']);
      expect(JSON.parse(dataOf(x.written[2] ?? ''))).toMatchObject({ choices: [{ delta: { content: '你好' } }] });
      expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { completionTokens: 3 }, completionEstimate: 0 } });
    });

    it('a long stream counts what waits in bounded batches', async () => {
      const { body, run, parsed } = counted();
      for (let i = 0; i < 100; i++) body.write(chunk(`w${i} `));
      await new Promise((r) => setImmediate(r));
      // The first is parsed at once; of the 99 plain ones, 64 were counted when the 64th arrived.
      expect(parsed).toHaveLength(1 + 64);
      body.end('data: [DONE]\n\n');
      await run;
    });

    it('a large waiting event is counted at once (it keeps its read), small ones wait', async () => {
      const { body, x, run, parsed } = counted({ maxEventBytes: 1024 * 1024 });
      body.write(chunk('first '));
      body.write(chunk('small '));
      await new Promise((r) => setImmediate(r));
      expect(parsed).toHaveLength(1);
      // 20 KB of text in one plain event: past the 16 KB bound, so it and the small one before it are counted now.
      const large = chunk('x'.repeat(20 * 1024));
      body.write(large);
      await new Promise((r) => setImmediate(r));
      expect(parsed).toEqual([dataOf(chunk('first ')), dataOf(chunk('small ')), dataOf(large)]);
      body.write(chunk('after '));
      await new Promise((r) => setImmediate(r));
      expect(parsed).toHaveLength(3);
      body.end('data: [DONE]\n\n');
      const r = await run;
      // Forwarded as they came; the estimate counts every chunk's text.
      expect(x.written.slice(0, 4)).toEqual([chunk('first '), chunk('small '), large, chunk('after ')]);
      expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: null, completionEstimate: expect.any(Number) } });
      const estimate = r.kind === 'served' && r.charge.kind === 'usage' ? r.charge.completionEstimate : 0;
      expect(estimate).toBeGreaterThan(100);
    });

    /**
     * One upstream stream through a pump with the glance and one without: the client gets the same
     * bytes and the same charge (the estimate aside where the reported usage makes it moot), and
     * the same checkpoints.
     */
    async function same(
      write: (body: PassThrough, x: FakeExchange) => Promise<void>,
      overrides: () => Partial<PumpOptions> = () => ({}),
      glance: PumpOptions['skim'] = openaiAdaptor.skimTextStreamEvent,
    ) {
      const runs = [];
      for (const skim of [glance, undefined]) {
        const p = pump({ ...overrides(), skim });
        await write(p.body, p.x);
        const r = await p.run;
        runs.push({ written: p.x.written.join(''), result: r, checkpoints: p.checkpoints, aborts: p.aborts });
      }
      const [fast, slow] = runs as [(typeof runs)[0], (typeof runs)[0]];
      const charge = fast.result.kind === 'served' ? fast.result.charge : null;
      if (charge?.kind === 'usage' && reportsCompletion(charge.reported, true) && slow.result.kind === 'served' && slow.result.charge.kind === 'usage') {
        // The estimate the reported completion makes moot is not taken with the glance.
        expect(charge.completionEstimate).toBe(0);
        slow.result = { ...slow.result, charge: { ...slow.result.charge, completionEstimate: 0 } };
      }
      expect(fast).toEqual(slow);
      return fast;
    }
    const tick = () => new Promise((r) => setImmediate(r));

    it('the same bytes, charge and checkpoints with or without the glance', async () => {
      // No usage from the upstream: the estimate counts every chunk's text, in order (a word split
      // over two chunks, then text on the finish chunk, counted after the unread ones).
      let r = await same(async (body) => {
        body.write(chunk('Hel'));
        body.write(chunk('lo wor'));
        body.write(chunk('ld, 你好') + chunk(' again'));
        body.write(finish(' and done'));
        body.end('data: [DONE]\n\n');
      });
      expect(r.result).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: null, completionEstimate: 8 } });
      // A client that asked for usage gets the relay's own usage chunk with that estimate.
      r = await same(
        async (body) => {
          body.write(chunk('Hello'));
          for (const w of [' big', ' wide', ' world']) body.write(chunk(w));
          body.end('data: [DONE]\n\n');
        },
        () => ({ encoder: new OpenAIStreamEncoder(true) }),
      );
      expect(r.written).toContain('"completion_tokens":4');
      // Tool call deltas: their names and arguments count, and each call started adds its tokens.
      r = await same(async (body) => {
        body.write(call('call_1', ''));
        body.write(call('', '{"city":'));
        body.write(call('', '"Paris"}'));
        body.write(call('call_2', '{}'));
        body.end(finish() + 'data: [DONE]\n\n');
      });
      expect(r.result).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: null } });
      // `"usage": null` on every chunk (include_usage asked by the relay), for a client that did
      // not ask: the key is taken out, so those chunks are parsed and re-encoded.
      r = await same(async (body) => {
        body.write(nullUsage('Hi'));
        body.write(nullUsage(' you'));
        // Several in one chunk, a plain one between two that are not: one write, in order.
        body.write(nullUsage(' and') + nullUsage('usage') + nullUsage(' me') + finish());
        body.end(usage + 'data: [DONE]\n\n');
      });
      expect(r.written).not.toContain('"usage":null');
      expect(r.written).toContain(chunk(' and') + chunk('usage') + chunk(' me') + finish());
      // The upstream breaks off: the delivered text is charged.
      r = await same(async (body) => {
        body.write(chunk('Hello'));
        body.write(chunk(' big world'));
        body.end();
      });
      expect(r.result).toEqual({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: 3, reason: 'upstream_error' } });
      // The client leaves: what it received is counted when it leaves, then the drain reads on.
      r = await same(
        async (body, x) => {
          body.write(chunk('Hello'));
          body.write(chunk(' big world'));
          await tick();
          x.leave();
          body.write(chunk(' more'));
          await tick();
        },
        () => ({ drain: { ms: 5_000, maxBytes: 1_000, limiter: new DrainLimiter(0) } }),
      );
      expect(r.result).toEqual({ kind: 'served', charge: { kind: 'delivered', deliveredTokens: 3, reason: 'client_gone' } });
      // Checkpoints count the waiting chunks when they fall due.
      r = await same(
        async (body) => {
          for (const w of ['one', ' two', ' three', ' four']) body.write(chunk(w));
          body.end('data: [DONE]\n\n');
        },
        () => ({ checkpointMs: 0 }),
      );
      expect(r.checkpoints).toEqual([1, 2, 3, 4]);
    });

    it('the estimate is still taken where the reported completion is 0 or missing', async () => {
      const zero = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [], usage: { prompt_tokens: 7, completion_tokens: 0 } })}\n\n`;
      const r = await same(async (body) => {
        body.write(chunk('Hello'));
        body.write(chunk(' big world'));
        body.end(finish() + zero + 'data: [DONE]\n\n');
      });
      expect(r.result).toMatchObject({ kind: 'served', charge: { kind: 'usage', completionEstimate: 3 } });
    });

    it('a Responses stream: the events between the first and the last go out unparsed, the same bytes and charge', async () => {
      const responses = openaiAdaptor.responses;
      if (!responses) throw new Error('the OpenAI adaptor serves /v1/responses');
      const rreq = parseResponsesRequest({ model: 'gpt-4o-mini', input: 'hi', stream: true });
      const ev = (type: string, fields: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
      const response = (status: string, usage: object | null) => ({ id: 'resp_1', object: 'response', status, model: 'gpt-4o-mini', output: [], error: null, usage });
      const at = { item_id: 'msg_1', output_index: 0, content_index: 0 };
      const events = [
        ev('response.created', { response: response('in_progress', null) }),
        ev('response.in_progress', { response: response('in_progress', null) }),
        ev('response.output_item.added', { output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } }),
        ev('response.output_item.added', { output_index: 1, item: { id: 'fc_1', type: 'function_call', name: 'lookup', arguments: '' } }),
        ev('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 1, delta: '{"city":"Paris"}' }),
        ...['Hello', ' big', ' world'].map((delta) => ev('response.output_text.delta', { ...at, delta })),
        ev('response.output_text.done', { ...at, text: 'Hello big world' }),
      ];
      const completed = ev('response.completed', { response: response('completed', { input_tokens: 5, output_tokens: 9, total_tokens: 14 }) });
      const parsed: string[] = [];
      const overrides = () => ({
        parse: (e: SseEvent) => (parsed.push(e.event ?? ''), responses.parseStreamEvent(rreq, e, ctx)),
        encoder: openAIResponsesFormat.openStream(rreq),
      });
      // With the upstream's usage, only the events that are not plain are parsed.
      let r = await same(async (body) => void body.end(events.join('') + completed), overrides, responses.skimStreamEvent);
      expect(r.written).toBe(events.join('') + completed);
      expect(r.result).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { completionTokens: 9 }, completionEstimate: 0 } });
      expect(parsed.slice(0, 3)).toEqual(['response.created', 'response.in_progress', 'response.completed']);
      // Broken off before the end: the text and the tool call of the unparsed events are charged.
      parsed.length = 0;
      r = await same(async (body) => void body.end(events.join('')), overrides, responses.skimStreamEvent);
      expect(r.result).toMatchObject({ kind: 'served', charge: { kind: 'delivered', reason: 'upstream_error' } });
      expect(r.result.kind === 'served' && r.result.charge.kind === 'delivered' ? r.result.charge.deliveredTokens : 0).toBeGreaterThan(3);
    });

    it('a plain-looking chunk that is not JSON goes out as the upstream wrote it, and counts nothing', async () => {
      const { body, x, run } = pump();
      body.write(chunk('Hello'));
      body.write('data: {"choices":[{"delta":{"content":"a"}}]}}\n\n');
      body.end('data: [DONE]\n\n');
      const r = await run;
      expect(x.written[1]).toBe('data: {"choices":[{"delta":{"content":"a"}}]}}\n\n');
      expect(r).toMatchObject({ charge: { completionEstimate: 1 } });
    });
  });

  describe('a native provider\'s stream (canonical parts, encoded by the client\'s format)', () => {
    const claudeCtx: ChannelContext = { ...ctx, type: 14, upstreamModel: 'claude-sonnet-4' };
    const geminiCtx: ChannelContext = { ...ctx, type: 24, upstreamModel: 'gemini-2.0-flash' };
    const dataOf = (written: string[]) =>
      written
        .join('')
        .split('\n\n')
        .filter(Boolean)
        .map((e) => e.split('\n').find((l) => l.startsWith('data: '))?.slice('data: '.length) ?? '');

    it('Claude events to an OpenAI chat client: chat.completion.chunks, then [DONE]; the usage chunk only when asked', async () => {
      for (const wantsUsage of [false, true]) {
        const { body, x, run } = pump({ parse: claudeAdaptor.openTextStream?.(req, claudeCtx), encoder: new OpenAIChatStreamEncoder(wantsUsage, req.model) });
        body.end(fixtureText(`${__dirname}/../adaptors/claude`, 'stream-text.sse'));
        const r = await run;
        const data = dataOf(x.written);
        expect(data.at(-1)).toBe('[DONE]');
        const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as { object: string; choices: { delta: { content?: string } }[] });
        expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
        expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello!');
        expect(chunks).toHaveLength(wantsUsage ? 5 : 4);
        expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { promptTokens: 25, completionTokens: 15 } } });
      }
    });

    it('Gemini events to an Anthropic client: the parts go straight to the Messages events (no OpenAI chunk between)', async () => {
      const messages = parseMessagesRequest({ body: { model: 'claude-x', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] }, anthropicVersion: null, anthropicBeta: null });
      const parse = convertedMessages.openStream(geminiAdaptor, messages, geminiCtx);
      const { body, x, run } = pump({ parse, encoder: new AnthropicStreamEncoder('claude-x') });
      body.end(fixtureText(`${__dirname}/../adaptors/gemini`, 'stream-text.sse'));
      const r = await run;
      const events = dataOf(x.written).map((d) => JSON.parse(d) as { type: string; delta?: { text?: string }; usage?: unknown });
      expect(events.map((e) => e.type)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
      expect(events.map((e) => e.delta?.text ?? '').join('')).toBe('The quick brown fox jumps.');
      expect(events[6]?.usage).toMatchObject({ input_tokens: 7, output_tokens: 6 });
      expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { promptTokens: 7, completionTokens: 6 } } });
    });

    it('parts reaching a format that cannot encode them (completions): nothing sent, the attempt fails over', async () => {
      const { body, x, run } = pump({ parse: claudeAdaptor.openTextStream?.(req, claudeCtx), encoder: new OpenAIStreamEncoder(false) });
      body.end(fixtureText(`${__dirname}/../adaptors/claude`, 'stream-text.sse'));
      const r = await run;
      expect(x.written).toEqual([]);
      expect(r).toMatchObject({ kind: 'failed', failure: { retryable: true } });
    });
  });

  describe('a converted /v1/messages stream (OpenAI chunks in, Anthropic events out)', () => {
    const messages = parseMessagesRequest({ body: { model: 'claude-x', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'hi' }] }, anthropicVersion: null, anthropicBeta: null });
    const converted = () => pump({ parse: convertedMessages.openStream(openaiAdaptor, messages, ctx), encoder: new AnthropicStreamEncoder('claude-x') });
    const finish = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`;
    const events = (written: string[]) =>
      written
        .join('')
        .split('\n\n')
        .filter(Boolean)
        .map((e) => {
          const [name, data] = e.split('\n');
          return { event: name?.replace('event: ', ''), data: JSON.parse((data ?? '').replace('data: ', '')) as Record<string, unknown> };
        });

    it('closed after the finish reason without [DONE]: completes with message_delta (stop_reason, usage) and message_stop, billed from the usage', async () => {
      const { body, x, run } = converted();
      body.write(chunk('Hello'));
      body.write(finish);
      body.write(usage);
      body.end();
      const r = await run;
      const out = events(x.written);
      expect(out.map((e) => e.event)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
      expect(out[4]?.data).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { input_tokens: 7, output_tokens: 3 } });
      expect(x.ended).toBe(true);
      expect(r).toMatchObject({ kind: 'served', charge: { kind: 'usage', reported: { promptTokens: 7, completionTokens: 3 } } });
    });

    it('without any usage from the upstream, message_delta carries the relay\'s estimate', async () => {
      const { body, x, run } = converted();
      body.write(chunk('Hello there'));
      body.end(finish);
      await run;
      expect(events(x.written).at(-2)?.data).toMatchObject({ type: 'message_delta', usage: { input_tokens: 8, output_tokens: 2 } });
    });

    it('broken mid-stream: Anthropic\'s error event, not an OpenAI chunk', async () => {
      const { body, x, run } = converted();
      body.write(chunk('Hello'));
      body.end();
      const r = await run;
      const last = events(x.written).at(-1);
      expect(last).toEqual({ event: 'error', data: { type: 'error', error: { type: 'api_error', message: 'interrupted:interrupted (request id: req-1)' } } });
      expect(r).toMatchObject({ kind: 'served', charge: { kind: 'delivered', reason: 'upstream_error' } });
    });
  });
});
