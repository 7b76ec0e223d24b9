import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, jsonObject, readBody, sendJson, sseFrame, startEventStream } from './fake-server';

/**
 * A loopback Dify app API (`POST /v1/chat-messages`), as documented: the app key as a Bearer
 * token (else 401 `{code: "unauthorized", message: "Access token is invalid", status: 401}`);
 * `{inputs, query, response_mode, conversation_id, user}` required; a blocking answer
 * `{event: "message", message_id, conversation_id, mode: "chat", answer, metadata: {usage}}`; a
 * streaming answer of SSE events workflow_started, node_started, message (word by word),
 * node_finished, workflow_finished, message_end (with `metadata.usage`), and a `ping`.
 * Errors `{code, message, status}` with the status. Prompt tokens: the query's words.
 */

export interface RecordedDifyRequest {
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type DifyScript = { kind: 'error'; status: number; code: string; message: string } | { kind: 'stream-error'; code: string; message: string };

function words(s: unknown): number {
  return typeof s === 'string' ? s.split(/\s+/).filter(Boolean).length : 0;
}

export class FakeDify extends ScriptedFake<RecordedDifyRequest, DifyScript> {
  private seq = 0;

  constructor(readonly options: { key: string; reply?: string }) {
    super('Dify');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ path, headers: req.headers, json });
    if (req.method !== 'POST' || path !== '/v1/chat-messages') return sendJson(res, 404, { code: 'not_found', message: 'The requested URL was not found on the server.', status: 404 });
    if (req.headers.authorization !== `Bearer ${this.options.key}`) return sendJson(res, 401, { code: 'unauthorized', message: 'Access token is invalid', status: 401 });
    const script = this.once.shift();
    if (script?.kind === 'error') return sendJson(res, script.status, { code: script.code, message: script.message, status: script.status });
    if (!json || typeof json.query !== 'string' || typeof json.user !== 'string' || !json.inputs || !['blocking', 'streaming'].includes(String(json.response_mode))) {
      return sendJson(res, 400, { code: 'invalid_param', message: 'query, inputs, user and response_mode are required', status: 400 });
    }
    const text = this.options.reply ?? 'Hello from the fake Dify.';
    const usage = { prompt_tokens: words(json.query), prompt_unit_price: '0.001', prompt_price_unit: '0.001', prompt_price: '0.0000', completion_tokens: words(text), completion_unit_price: '0.002', completion_price_unit: '0.001', completion_price: '0.0000', total_tokens: words(json.query) + words(text), total_price: '0.0000', currency: 'USD', latency: 0.5 };
    const messageId = `msg-${++this.seq}`;
    const base = { task_id: `task-${this.seq}`, message_id: messageId, conversation_id: `conv-${this.seq}`, created_at: Math.floor(Date.now() / 1000) };
    if (json.response_mode === 'blocking') return sendJson(res, 200, { event: 'message', ...base, id: messageId, mode: 'chat', answer: text, metadata: { usage, retriever_resources: [] } });
    startEventStream(res);
    res.write(sseFrame({ event: 'workflow_started', ...base, workflow_run_id: 'wr-1', data: { id: 'wr-1', workflow_id: 'wf-1' } }));
    res.write(sseFrame({ event: 'node_started', ...base, workflow_run_id: 'wr-1', data: { id: 'n-1', node_id: 'llm', node_type: 'llm', title: 'LLM' } }));
    if (script?.kind === 'stream-error') {
      res.end(sseFrame({ event: 'error', ...base, status: 400, code: script.code, message: script.message }));
      return;
    }
    for (const piece of text.split(/(?<= )/)) res.write(sseFrame({ event: 'message', ...base, answer: piece }));
    res.write('event: ping\n\n');
    res.write(sseFrame({ event: 'node_finished', ...base, workflow_run_id: 'wr-1', data: { id: 'n-1', node_id: 'llm', node_type: 'llm', title: 'LLM', status: 'succeeded' } }));
    res.write(sseFrame({ event: 'workflow_finished', ...base, workflow_run_id: 'wr-1', data: { id: 'wr-1', status: 'succeeded' } }));
    res.end(sseFrame({ event: 'message_end', ...base, id: messageId, metadata: { usage, retriever_resources: [] } }));
  }
}
