import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ScriptedFake, jsonObject, readBody, sendJson, startEventStream } from './fake-server';

/**
 * A loopback Zhipu ChatGLM v3 API (`POST /api/paas/v3/model-api/{model}/invoke` and
 * `/sse-invoke`) checking the JWT the way the platform does: `Authorization` holds the token
 * itself; header `{alg: "HS256", sign_type: "SIGN"}`; claims `api_key` (the key's id), `exp` and
 * `timestamp` in milliseconds; an HS256 signature with the key's secret; expired tokens refused.
 * Answers `{code: 200, msg, success: true, data: {request_id, task_id, task_status: "SUCCESS",
 * choices: [{role, content (a quoted JSON string)}], usage}}`; a stream is SSE `event: add`
 * events with the text as data, then `event: finish` with `meta: {task_status, usage, ...}`.
 * Errors are `{code, msg, success: false}` with HTTP 200 (1002 invalid token, 1003 expired, 1302 rate limit...).
 */

export interface RecordedChatGLMRequest {
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
  /** The JWT claims when the token verified. */
  claims: Record<string, unknown> | null;
}

export type ChatGLMScript =
  | { kind: 'error'; code: number; msg: string }
  /** The next stream's finish event carries `meta:` and no `data:` line. */
  | { kind: 'finish-without-data' };

export interface FakeChatGLMOptions {
  id: string;
  secret: string;
  reply?: string;
}

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

export class FakeChatGLM extends ScriptedFake<RecordedChatGLMRequest, ChatGLMScript> {
  private seq = 0;

  constructor(readonly options: FakeChatGLMOptions) {
    super('ChatGLM');
  }

  /** Distinct tokens presented so far (a cached token repeats). */
  readonly tokens = new Set<string>();

  private verify(token: string): Record<string, unknown> | string {
    const parts = token.split('.');
    if (parts.length !== 3) return 'Authorization Token非法，请确认Authorization Token正确传递。';
    const [h, p, sig] = parts as [string, string, string];
    const header = jsonObject(Buffer.from(h, 'base64url').toString('utf8'));
    const claims = jsonObject(Buffer.from(p, 'base64url').toString('utf8'));
    if (!header || header.alg !== 'HS256' || header.sign_type !== 'SIGN' || !claims) return 'Authorization Token非法，请确认Authorization Token正确传递。';
    if (claims.api_key !== this.options.id) return 'API Key不存在';
    const expected = createHmac('sha256', this.options.secret).update(`${h}.${p}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'Authorization Token非法，请确认Authorization Token正确传递。';
    if (typeof claims.exp !== 'number' || claims.exp < Date.now() || typeof claims.timestamp !== 'number') return 'expired';
    return claims;
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const token = String(req.headers.authorization ?? '');
    const v = this.verify(token);
    this.requests.push({ path, headers: req.headers, json, claims: typeof v === 'string' ? null : v });
    if (typeof v === 'string') return sendJson(res, 200, v === 'expired' ? { code: 1003, msg: 'Authorization Token已过期', success: false } : { code: 1002, msg: v, success: false });
    this.tokens.add(token);
    const m = /^\/api\/paas\/v3\/model-api\/([\w.-]+)\/(invoke|sse-invoke)$/.exec(path);
    if (req.method !== 'POST' || !m) return sendJson(res, 404, { code: 404, msg: 'Not Found', success: false });
    const script = this.once.shift();
    if (script?.kind === 'error') return sendJson(res, 200, { code: script.code, msg: script.msg, success: false });
    const prompt = Array.isArray(json?.prompt) ? (json.prompt as Record<string, unknown>[]) : null;
    if (!json || !prompt || prompt.length === 0 || prompt.some((p) => (p.role !== 'user' && p.role !== 'assistant') || typeof p.content !== 'string')) return sendJson(res, 200, { code: 1214, msg: 'prompt参数非法', success: false });
    const input = prompt.reduce((n, p) => n + words(p.content), 0);
    const text = this.options.reply ?? 'Hello from the fake ChatGLM.';
    const usage = { prompt_tokens: input, completion_tokens: words(text), total_tokens: input + words(text) };
    const taskId = `task-${++this.seq}`;
    if (m[2] === 'invoke') {
      return sendJson(res, 200, { code: 200, msg: '操作成功', success: true, data: { request_id: `req-${this.seq}`, task_id: taskId, task_status: 'SUCCESS', choices: [{ role: 'assistant', content: JSON.stringify(text) }], usage } });
    }
    startEventStream(res);
    for (const piece of text.split(/(?<= )/)) res.write(`event: add\nid: ${taskId}\ndata: ${piece}\n\n`);
    const data = script?.kind === 'finish-without-data' ? '' : 'data: \n';
    res.end(`event: finish\nid: ${taskId}\n${data}meta: ${JSON.stringify({ task_status: 'SUCCESS', usage, task_id: taskId, request_id: `req-${this.seq}` })}\n\n`);
  }
}
