import type { IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, jsonObject, readBody, sendJson } from './fake-server';

/**
 * A loopback PaLM 2 API (`POST /v1beta2/models/{model}:generateMessage?key=`): the key in the
 * `key` query parameter (a wrong one: 400 INVALID_ARGUMENT with ErrorInfo reason
 * API_KEY_INVALID), `{prompt: {context?, examples?, messages: [{author?, content}]}, temperature?,
 * topP?, topK?, candidateCount?}` in, `{candidates: [{author: "1", content}], messages}` out (no
 * token counts), Google's `{error: {code, message, status}}` errors.
 */

export interface RecordedPaLMRequest {
  path: string;
  query: URLSearchParams;
  json: Record<string, unknown> | null;
}

export type PaLMScript = { kind: 'error'; status: number; grpc: string; message: string };

export class FakePaLM extends ScriptedFake<RecordedPaLMRequest, PaLMScript> {
  constructor(readonly options: { key: string; reply?: string }) {
    super('PaLM');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const url = new URL(req.url ?? '/', 'http://fake');
    this.requests.push({ path: url.pathname, query: url.searchParams, json });
    const m = /^\/v1beta2\/models\/([\w.-]+):generateMessage$/.exec(url.pathname);
    if (req.method !== 'POST' || !m) return sendJson(res, 404, { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } });
    if (url.searchParams.get('key') !== this.options.key) {
      return sendJson(res, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT', details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }] } });
    }
    const script = this.once.shift();
    if (script) return sendJson(res, script.status, { error: { code: script.status, message: script.message, status: script.grpc } });
    const prompt = json?.prompt as Record<string, unknown> | undefined;
    const messages = Array.isArray(prompt?.messages) ? (prompt.messages as Record<string, unknown>[]) : null;
    if (!messages || messages.length === 0 || messages.some((x) => typeof x.content !== 'string')) return sendJson(res, 400, { error: { code: 400, message: '* GenerateMessageRequest.prompt.messages: must not be empty', status: 'INVALID_ARGUMENT' } });
    const text = this.options.reply ?? 'Hello from the fake PaLM.';
    const n = typeof json?.candidateCount === 'number' ? json.candidateCount : 1;
    sendJson(res, 200, { candidates: Array.from({ length: n }, () => ({ author: '1', content: text })), messages: [...messages, { author: '1', content: text }] });
  }
}
