import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ScriptedFake, jsonObject, readBody, sendJson, sseFrame, startEventStream } from './fake-server';

/**
 * A loopback Tencent Cloud API endpoint for Hunyuan `ChatCompletions` (version 2023-09-01), as
 * documented: `POST /` with `X-TC-Action`, `X-TC-Version`, `X-TC-Timestamp` and an
 * `Authorization: TC3-HMAC-SHA256 Credential=<SecretId>/<date>/hunyuan/tc3_request,
 * SignedHeaders=..., Signature=...` that it verifies the way the API does (the canonical request
 * over the signed headers as received and the body's SHA-256; the derived key; the timestamp
 * within 5 minutes; the date in the scope matching the timestamp's UTC date). Answers are
 * `{Response: {...}}`; a stream is SSE chunks with `Choices[0].Delta`, the usage so far on each, and
 * `FinishReason: "stop"` on the last. Errors are `{Response: {Error: {Code, Message}, RequestId}}`
 * with HTTP 200. Prompt tokens: the words of every message; completion tokens: the reply's words.
 */

export interface RecordedHunyuanRequest {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  json: Record<string, unknown> | null;
}

export type HunyuanScript = { kind: 'error'; code: string; message: string } | { kind: 'reply'; text: string };

export interface FakeHunyuanOptions {
  secretId: string;
  secretKey: string;
  reply?: string;
}

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export class FakeHunyuan extends ScriptedFake<RecordedHunyuanRequest, HunyuanScript> {
  private seq = 0;

  constructor(readonly options: FakeHunyuanOptions) {
    super('Hunyuan');
  }

  private error(res: ServerResponse, code: string, message: string): void {
    sendJson(res, 200, { Response: { Error: { Code: code, Message: message }, RequestId: `req-${++this.seq}` } });
  }

  /** Null when the signature verifies, else the documented error code. */
  private verify(req: IncomingMessage, raw: string): [string, string] | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([\w-]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!m) return ['AuthFailure.InvalidAuthorization', 'The Authorization header is malformed.'];
    const [, secretId, date, service, signedHeaders, signature] = m as unknown as [string, string, string, string, string, string];
    if (secretId !== this.options.secretId) return ['AuthFailure.SecretIdNotFound', 'The SecretId is not found, please ensure that your SecretId is correct.'];
    const ts = Number(req.headers['x-tc-timestamp']);
    if (!Number.isInteger(ts) || Math.abs(Date.now() / 1000 - ts) > 300) return ['AuthFailure.SignatureExpire', 'Signature expired.'];
    if (new Date(ts * 1000).toISOString().slice(0, 10) !== date || service !== 'hunyuan') return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated.'];
    const names = signedHeaders.split(';');
    if (!names.includes('content-type') || !names.includes('host')) return ['AuthFailure.SignatureFailure', 'content-type and host must be signed.'];
    // Keys and values in lower case, trimmed (the documented canonical form).
    const canonicalHeaders = names.map((n) => `${n}:${String(req.headers[n] ?? '').trim().toLowerCase()}\n`).join('');
    const canonical = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256(raw)}`;
    const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${sha256(canonical)}`;
    const kDate = createHmac('sha256', `TC3${this.options.secretKey}`).update(date).digest();
    const kService = createHmac('sha256', kDate).update(service).digest();
    const kSigning = createHmac('sha256', kService).update('tc3_request').digest();
    const expected = createHmac('sha256', kSigning).update(toSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return ['AuthFailure.SignatureFailure', 'The provided credentials could not be validated. Please check your signature is correct.'];
    return null;
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = (await readBody(req)).toString('utf8');
    const json = jsonObject(raw);
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ path, headers: req.headers, raw, json });
    if (req.method !== 'POST' || path !== '/') return sendJson(res, 404, {});
    const bad = this.verify(req, raw);
    if (bad) return this.error(res, bad[0], bad[1]);
    if (req.headers['x-tc-action'] !== 'ChatCompletions') return this.error(res, 'InvalidAction', 'The action does not exist.');
    if (req.headers['x-tc-version'] !== '2023-09-01') return this.error(res, 'NoSuchVersion', 'The API version does not exist.');
    const script = this.once.shift();
    if (script?.kind === 'error') return this.error(res, script.code, script.message);
    const messages = Array.isArray(json?.Messages) ? (json.Messages as Record<string, unknown>[]) : null;
    if (!json || typeof json.Model !== 'string' || !messages || messages.length === 0) return this.error(res, 'MissingParameter', 'Model and Messages are required.');
    for (const k of Object.keys(json)) {
      if (!['Model', 'Messages', 'Stream', 'Temperature', 'TopP', 'EnableEnhancement', 'StreamModeration'].includes(k)) return this.error(res, 'UnknownParameter', `The parameter \`${k}\` is not recognized.`);
    }
    if (messages.some((m) => !['system', 'user', 'assistant', 'tool'].includes(String(m.Role)) || typeof m.Content !== 'string')) return this.error(res, 'InvalidParameter', 'Messages: invalid Role or Content.');
    const prompt = messages.reduce((n, m) => n + words(m.Content), 0);
    const text = script?.text ?? this.options.reply ?? 'Hello from the fake Hunyuan.';
    const id = `hy-${++this.seq}`;
    const created = Math.floor(Date.now() / 1000);
    if (json.Stream !== true) {
      const completion = words(text);
      return sendJson(res, 200, {
        Response: { RequestId: id, Note: '以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记', Choices: [{ FinishReason: 'stop', Message: { Role: 'assistant', Content: text } }], Created: created, Id: id, Usage: { PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion } },
      });
    }
    startEventStream(res);
    const pieces = text.split(/(?<= )/);
    let completion = 0;
    pieces.forEach((piece, i) => {
      completion += words(piece);
      const last = i === pieces.length - 1;
      res.write(sseFrame({ Note: 'AI', Choices: [{ Delta: { Role: 'assistant', Content: piece }, FinishReason: last ? 'stop' : '' }], Created: created, Id: id, Usage: { PromptTokens: prompt, CompletionTokens: completion, TotalTokens: prompt + completion } }));
    });
    res.end();
  }
}
