import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket from 'ws';
import { LoopbackWebSocketServer } from './ws-server';

/**
 * A loopback iFlytek Spark chat endpoint speaking the documented WebSocket API: the versions'
 * paths (`/v1.1/chat` ... `/v4.0/chat`, `/chat/pro-128k`, `/chat/max-32k`), each answering only
 * its own `domain`; the upgrade checked the way iFlytek's URL authentication documents it (the
 * `host`, `date` and `authorization` query parameters; `authorization` the base64 of
 * `api_key="...", algorithm="hmac-sha256", headers="host date request-line", signature="..."`;
 * the signature an HMAC-SHA256 with the APISecret over `host: ...\ndate: ...\nGET <path> HTTP/1.1`;
 * the date within 300 s), refused with 401 / 403 and `{"message": ...}` when it does not verify.
 * One request frame per connection (`header.app_id`, `parameter.chat.domain`,
 * `payload.message.text`), then the answer in frames with `status` 0, 1, 2, the last carrying
 * `payload.usage.text`; an error is one frame with `header.code` and no payload. The server closes
 * after the last frame. Prompt tokens: the words of every message; completion tokens: the reply's.
 */

export const SPARK_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  '/v1.1/chat': ['lite', 'general'],
  '/v2.1/chat': ['generalv2'],
  '/v3.1/chat': ['generalv3'],
  '/chat/pro-128k': ['pro-128k'],
  '/v3.5/chat': ['generalv3.5'],
  '/chat/max-32k': ['max-32k'],
  '/v4.0/chat': ['4.0Ultra'],
};

/** The documented signature (the fake's own, written from iFlytek's URL authentication guide). */
export function sparkDocSignature(apiSecret: string, host: string, date: string, path: string): string {
  return createHmac('sha256', apiSecret).update(`host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`).digest('base64');
}

export interface RecordedSparkRequest {
  path: string;
  query: Record<string, string>;
  /** The request frame. */
  frame: Record<string, unknown>;
}

export type SparkScript =
  | { kind: 'error'; code: number; message: string }
  /** The reply's frames, `delayMs` apart when given. */
  | { kind: 'reply'; text: string; delayMs?: number }
  /** Some frames of the reply, then the socket closed without the last frame. */
  | { kind: 'close-early'; text: string }
  /** The first piece of the reply, then one frame whose content is `bytes` long. */
  | { kind: 'oversized'; text: string; bytes: number }
  /** Frames that are not Spark's (no header), then the close. */
  | { kind: 'garbage' };

export interface FakeSparkOptions {
  appId: string;
  apiKey: string;
  apiSecret: string;
  reply?: string;
}

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

export class FakeSpark extends LoopbackWebSocketServer {
  readonly requests: RecordedSparkRequest[] = [];
  /** Upgrades refused, with the documented message. */
  readonly refused: string[] = [];
  private readonly once: SparkScript[] = [];
  private seq = 0;

  constructor(readonly options: FakeSparkOptions) {
    super();
  }

  protected plain(_req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"no Route matched with those values"}');
  }

  next(script: SparkScript): this {
    this.once.push(script);
    return this;
  }

  last(): RecordedSparkRequest {
    const r = this.requests.at(-1);
    if (!r) throw new Error('the fake Spark received no request');
    return r;
  }

  reset(): void {
    this.requests.length = 0;
    this.refused.length = 0;
    this.once.length = 0;
  }

  /** Null when the URL authentication verifies, else the documented refusal. */
  private verify(req: IncomingMessage, url: URL): [401 | 403, string] | null {
    const q = url.searchParams;
    const authorization = q.get('authorization');
    const date = q.get('date');
    const host = q.get('host');
    if (!authorization || !date || !host) return [401, 'Unauthorized'];
    const at = Date.parse(date);
    if (Number.isNaN(at) || Math.abs(Date.now() - at) > 300_000) return [403, 'HMAC signature cannot be verified, a valid date or x-date header is required for HMAC Authentication'];
    if (host !== req.headers.host) return [401, 'HMAC signature cannot be verified'];
    const origin = Buffer.from(authorization, 'base64').toString('utf8');
    const m = /^api_key="([^"]*)", algorithm="([^"]*)", headers="([^"]*)", signature="([^"]*)"$/.exec(origin);
    if (!m) return [401, 'HMAC signature cannot be verified'];
    const [, apiKey, algorithm, headers, signature] = m as unknown as [string, string, string, string, string];
    if (algorithm !== 'hmac-sha256' || headers !== 'host date request-line') return [401, 'HMAC signature cannot be verified'];
    if (apiKey !== this.options.apiKey) return [401, 'HMAC signature cannot be verified'];
    const expected = Buffer.from(sparkDocSignature(this.options.apiSecret, host, date, url.pathname), 'base64');
    const given = Buffer.from(signature, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return [401, 'HMAC signature does not match'];
    return null;
  }

  private refuse(socket: Duplex, status: 401 | 403, message: string): void {
    this.refuseUpgrade(socket, status, status === 401 ? 'Unauthorized' : 'Forbidden', { message });
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    const domains = SPARK_DOMAINS[url.pathname];
    if (!domains) return this.refuse(socket, 401, 'Unauthorized');
    const bad = this.verify(req, url);
    if (bad) {
      this.refused.push(bad[1]);
      return this.refuse(socket, bad[0], bad[1]);
    }
    this.accept(req, socket, head, (ws) => {
      ws.once('message', (data) => this.answer(ws, url, domains, data.toString()));
    });
  }

  private frame(ws: WebSocket, sid: string, status: number, content: string, usage?: Record<string, number>): void {
    const payload: Record<string, unknown> = { choices: { status, seq: status === 0 ? 0 : ++this.seq, text: [{ content, role: 'assistant', index: 0 }] } };
    if (usage) payload.usage = { text: usage };
    ws.send(JSON.stringify({ header: { code: 0, message: 'Success', sid, status }, payload }));
  }

  private error(ws: WebSocket, sid: string, code: number, message: string): void {
    ws.send(JSON.stringify({ header: { code, message, sid, status: 2 } }));
    ws.close(1000);
  }

  private answer(ws: WebSocket, url: URL, domains: readonly string[], raw: string): void {
    const sid = `cht000${(++this.seq).toString(16).padStart(4, '0')}@dx18793cd421fb894542`;
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return this.error(ws, sid, 10003, 'invalid message format: not json');
    }
    this.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), frame });
    const header = frame.header as Record<string, unknown> | undefined;
    const chat = (frame.parameter as { chat?: Record<string, unknown> } | undefined)?.chat;
    const text = (frame.payload as { message?: { text?: unknown } } | undefined)?.message?.text;
    if (!header || typeof header.app_id !== 'string' || !chat || !Array.isArray(text) || text.length === 0) return this.error(ws, sid, 10004, 'invalid schema: header, parameter.chat and payload.message.text are required');
    if (header.app_id !== this.options.appId) return this.error(ws, sid, 11200, 'AppIdNoAuthError:(11200)auth no license');
    if (typeof chat.domain !== 'string' || !domains.includes(chat.domain)) return this.error(ws, sid, 10163, `invalid domain ${String(chat.domain)} for ${url.pathname}`);
    const messages = text as Record<string, unknown>[];
    if (messages.some((m) => !['system', 'user', 'assistant'].includes(String(m.role)) || typeof m.content !== 'string')) return this.error(ws, sid, 10005, 'invalid role or content');
    const script = this.once.shift();
    if (script?.kind === 'error') return this.error(ws, sid, script.code, script.message);
    const reply = (script && 'text' in script ? script.text : undefined) ?? this.options.reply ?? 'Hello from the fake Spark.';
    const prompt = messages.reduce((n, m) => n + words(m.content), 0);
    const question = words(messages.at(-1)?.content);
    const pieces = reply.split(/(?<= )/);
    if (script?.kind === 'garbage') {
      ws.send('{"choices":[{"delta":{"content":"not spark"}}]}');
      ws.close(1000);
      return;
    }
    if (script?.kind === 'oversized') {
      this.frame(ws, sid, 0, pieces[0] ?? '');
      this.frame(ws, sid, 1, 'x'.repeat(script.bytes));
      return;
    }
    if (script?.kind === 'close-early') {
      pieces.slice(0, Math.max(1, pieces.length - 1)).forEach((p, i) => this.frame(ws, sid, i === 0 ? 0 : 1, p));
      ws.close(1000);
      return;
    }
    const delayMs = script?.kind === 'reply' ? (script.delayMs ?? 0) : 0;
    const send = (i: number): void => {
      if (ws.readyState !== WebSocket.OPEN) return;
      const last = i === pieces.length - 1;
      const usage = last ? { question_tokens: question, prompt_tokens: prompt, completion_tokens: words(reply), total_tokens: prompt + words(reply) } : undefined;
      this.frame(ws, sid, last ? 2 : i === 0 ? 0 : 1, pieces[i] ?? '', usage);
      if (last) ws.close(1000);
      else if (delayMs > 0) setTimeout(() => send(i + 1), delayMs);
      else send(i + 1);
    };
    send(0);
  }
}
