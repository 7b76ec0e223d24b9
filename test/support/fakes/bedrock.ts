import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec, type MessageHeaders } from '@smithy/eventstream-codec';
import { SignatureV4 } from '@smithy/signature-v4';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake } from './fake-server';

/**
 * A loopback Amazon Bedrock runtime for Anthropic Claude models: `POST /model/{modelId}/invoke`,
 * `/model/{modelId}/invoke-with-response-stream` and CountTokens `/model/{modelId}/count-tokens`
 * (`{"input": {"invokeModel": {"body": <base64 InvokeModel body>}}}` or `{"input": {"converse":
 * {messages, system}}}`, answer `{"inputTokens": N}`: one token per word of the system prompt and
 * the text blocks; the model id must be a foundation model's, a cross-region profile is a
 * ValidationException, and an InvokeModel body is validated like InvokeModel's). Every request must carry a valid SigV4
 * signature (service `bedrock`, the fake's region) from the fake's access key: the fake
 * recomputes it with `@smithy/signature-v4` over the headers the request says it signed and
 * refuses with Bedrock's own errors otherwise (403 `UnrecognizedClientException` for an
 * unknown key, `InvalidSignatureException` for a wrong secret or a changed request,
 * `MissingAuthenticationTokenException` without one; a Bedrock API key as a Bearer token when
 * `apiKey` is set), as `{"message": …}` with the exception
 * name in `x-amzn-ErrorType`. Bodies are the Anthropic Messages body with
 * `anthropic_version: bedrock-2023-05-31` and no `model` / `stream` (ValidationException
 * otherwise). Answers are the Anthropic message, or the documented event stream: binary AWS
 * event stream messages (`@smithy/eventstream-codec`) whose `chunk` payloads carry the Anthropic
 * events base64-encoded, `message_stop` with `amazon-bedrock-invocationMetrics`.
 * `anthropic_version` is AWS's documented `bedrock-2023-05-31` or a dated Anthropic API version:
 * Anthropic's own `@anthropic-ai/bedrock-sdk` (1.x) copies its `anthropic-version` header
 * (`2026-10-21`) into the body instead, and the official clients are proven against this fake
 * (test/relay/official-clients.e2e.test.ts).
 *
 * Scripted like FakeAnthropic: a tool offered and no tool result yet calls the first tool with
 * `toolInput`; a tool result is answered "Tool result: <text>"; otherwise `reply`, streamed word
 * by word. `next(script)` scripts the next request once.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface BedrockCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RecordedBedrockRequest {
  path: string;
  modelId: string;
  action: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type BedrockScript =
  /** An HTTP error answer (`x-amzn-ErrorType`, `{"message"}`). */
  | { kind: 'error'; status: number; type: string; message: string }
  /** A 200 event stream that carries only an exception message (e.g. throttlingException). */
  | { kind: 'stream_exception'; type: string; message: string }
  /** A 200 event stream whose first message fails its CRC. */
  | { kind: 'stream_corrupt' }
  /** A message; with `exceptionAfter`, the stream sends that many chunk events, then a throttlingException. */
  | { kind: 'message'; content: Json[]; stopReason?: string; usage?: Record<string, Json>; exceptionAfter?: number };

export interface FakeBedrockOptions {
  credentials: BedrockCredentials;
  /** A Bedrock API key accepted as `Authorization: Bearer <key>` instead of a signature. */
  apiKey?: string;
  reply?: string;
  inputTokens?: number;
  toolInput?: Record<string, Json>;
}

const codec = new EventStreamCodec(toUtf8, fromUtf8);
/** AWS's documented value, then the dated Anthropic API versions Anthropic's Bedrock client sends. */
export const BEDROCK_ANTHROPIC_VERSIONS: readonly string[] = ['bedrock-2023-05-31', '2023-06-01', '2026-10-21'];
const DEFAULT_REPLY = 'Hello from the fake Bedrock.';
const BAD_SIGNATURE =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

function asObject(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function blocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? content.map(asObject) : [];
}

function header(value: string): { type: 'string'; value: string } {
  return { type: 'string', value };
}

/** `AWS4-HMAC-SHA256 Credential=AK/date/region/service/aws4_request, SignedHeaders=a;b, Signature=hex` */
function parseAuthorization(v: string): { accessKeyId: string; date: string; region: string; service: string; signedHeaders: string[]; signature: string } | null {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(v);
  if (!m) return null;
  return { accessKeyId: m[1] as string, date: m[2] as string, region: m[3] as string, service: m[4] as string, signedHeaders: (m[5] as string).split(';'), signature: m[6] as string };
}

function amzDate(v: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]))) : null;
}

export class FakeBedrock extends ScriptedFake<RecordedBedrockRequest, BedrockScript> {
  /** Requests refused for their signature or key (not recorded in `requests`). */
  refused = 0;
  private seq = 0;

  constructor(readonly options: FakeBedrockOptions) {
    super('Bedrock');
  }

  override reset(): void {
    super.reset();
    this.refused = 0;
  }

  private error(res: ServerResponse, status: number, type: string, message: string): void {
    res.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`, 'x-amzn-requestid': `fake-${++this.seq}` });
    res.end(JSON.stringify({ message }));
  }

  /** Null when the request is signed by the fake's key for the fake's region; else why not. */
  private async verify(req: IncomingMessage, body: string): Promise<{ type: string; message: string } | null> {
    const raw = req.headers.authorization;
    if (typeof raw !== 'string') return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
    if (/^Bearer /.test(raw)) {
      // Bedrock API keys (no SigV4). The refusal's name for a wrong key is our assumption.
      return this.options.apiKey !== undefined && raw === `Bearer ${this.options.apiKey}`
        ? null
        : { type: 'AccessDeniedException', message: 'Authentication failed: Please make sure your API Key is valid.' };
    }
    const auth = parseAuthorization(raw);
    if (!auth) return { type: 'IncompleteSignatureException', message: 'Authorization header requires Credential, SignedHeaders and Signature.' };
    const { credentials } = this.options;
    if (auth.accessKeyId !== credentials.accessKeyId) return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    if (auth.region !== credentials.region || auth.service !== 'bedrock') return { type: 'InvalidSignatureException', message: `Credential should be scoped to a valid region and service 'bedrock'.` };
    const date = amzDate(String(req.headers['x-amz-date'] ?? ''));
    if (!date || Math.abs(date.getTime() - Date.now()) > 5 * 60_000) return { type: 'InvalidSignatureException', message: 'Signature expired or not yet valid.' };
    if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date')) return { type: 'InvalidSignatureException', message: BAD_SIGNATURE };
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) {
      const v = req.headers[name];
      if (v === undefined) return { type: 'InvalidSignatureException', message: BAD_SIGNATURE };
      headers[name] = Array.isArray(v) ? v.join(',') : v;
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const signer = new SignatureV4({ credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey }, region: credentials.region, service: 'bedrock', sha256: Sha256 });
    const host = String(req.headers.host ?? '');
    const signed = await signer.sign(
      { method: req.method ?? 'POST', protocol: 'http:', hostname: host.split(':')[0] ?? '', path: url.pathname, query, headers, body },
      { signingDate: date },
    );
    return signed.headers.authorization === raw ? null : { type: 'InvalidSignatureException', message: BAD_SIGNATURE };
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const refused = await this.verify(req, text);
    if (refused) {
      this.refused += 1;
      return this.error(res, 403, refused.type, refused.message);
    }
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const route = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream|count-tokens)$/.exec(path);
    let json: Record<string, unknown> | null = null;
    try {
      json = asObject(JSON.parse(text));
    } catch {
      json = null;
    }
    const modelId = route ? decodeURIComponent(route[1] as string) : '';
    this.requests.push({ path, modelId, action: route?.[2] ?? '', headers: req.headers, json });
    if (req.method !== 'POST' || !route) return this.error(res, 404, 'UnknownOperationException', 'Unknown operation');
    if (route[2] === 'count-tokens') return this.countTokens(res, modelId, json);
    const invalid = this.validate(json);
    if (invalid) return this.error(res, 400, 'ValidationException', invalid);
    const script = this.once.shift();
    if (script?.kind === 'error') return this.error(res, script.status, script.type, script.message);
    const streaming = route[2] === 'invoke-with-response-stream';
    if (script?.kind === 'stream_corrupt') {
      this.streamHead(res);
      const frame = Buffer.from(codec.encode({ headers: { ':event-type': header('chunk'), ':message-type': header('event') }, body: fromUtf8('{"bytes":"e30="}') }));
      frame.writeUInt8(frame.readUInt8(frame.length - 6) ^ 0xff, frame.length - 6);
      res.end(frame);
      return;
    }
    if (script?.kind === 'stream_exception') {
      this.streamHead(res);
      res.end(codec.encode({ headers: { ':exception-type': header(script.type), ':content-type': header('application/json'), ':message-type': header('exception') }, body: fromUtf8(JSON.stringify({ message: script.message })) }));
      return;
    }
    const message = this.message(script ?? this.defaultAnswer(json as Record<string, unknown>));
    if (streaming) return this.stream(res, message, script?.kind === 'message' ? script.exceptionAfter : undefined);
    const usage = asObject(message.usage);
    res.writeHead(200, {
      'content-type': 'application/json',
      'x-amzn-requestid': `fake-${++this.seq}`,
      'x-amzn-bedrock-input-token-count': String(usage.input_tokens),
      'x-amzn-bedrock-output-token-count': String(usage.output_tokens),
    });
    res.end(JSON.stringify(message));
  }

  /** CountTokens: the foundation model's id, an InvokeModel body (base64) or a Converse input; words counted. */
  private countTokens(res: ServerResponse, modelId: string, json: Record<string, unknown> | null): void {
    if (/^(?:us|us-gov|eu|apac|jp|au|ca|global)\./.test(modelId)) return this.error(res, 400, 'ValidationException', "The provided model doesn't support counting tokens.");
    const input = asObject(json?.input);
    const invoke = input.invokeModel;
    const converse = input.converse;
    if ((invoke === undefined) === (converse === undefined)) return this.error(res, 400, 'ValidationException', '1 validation error detected: input must have exactly one of invokeModel or converse');
    let texts: unknown[];
    if (invoke !== undefined) {
      const encoded = asObject(invoke).body;
      let body: Record<string, unknown> | null = null;
      try {
        body = typeof encoded === 'string' ? asObject(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))) : null;
      } catch {
        body = null;
      }
      const invalid = this.validate(body);
      if (invalid || !body) return this.error(res, 400, 'ValidationException', invalid ?? 'Malformed input request');
      texts = [...blocks(body.system), ...(body.messages as unknown[]).flatMap((m) => blocks(asObject(m).content))].map((b) => b.text);
    } else {
      const c = asObject(converse);
      const messages = Array.isArray(c.messages) ? c.messages.map(asObject) : [];
      texts = [...(Array.isArray(c.system) ? c.system : []), ...messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []))].map((b) => asObject(b).text);
    }
    const script = this.once.shift();
    if (script?.kind === 'error') return this.error(res, script.status, script.type, script.message);
    const inputTokens = texts.map((t) => (typeof t === 'string' ? t : '')).join(' ').split(/\s+/).filter(Boolean).length;
    res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': `fake-${++this.seq}` });
    res.end(JSON.stringify({ inputTokens }));
  }

  private validate(body: Record<string, unknown> | null): string | null {
    if (!body) return 'Malformed input request, please reformat your input and try again.';
    if (typeof body.anthropic_version !== 'string' || !BEDROCK_ANTHROPIC_VERSIONS.includes(body.anthropic_version)) {
      return `Malformed input request: #/anthropic_version: ${String(body.anthropic_version)} is not a supported value (bedrock-2023-05-31)`;
    }
    for (const key of ['model', 'stream']) if (key in body) return `Malformed input request: #: extraneous key [${key}] is not permitted, please reformat your input and try again.`;
    if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return 'Malformed input request: #: required key [max_tokens] not found, please reformat your input and try again.';
    if (!Array.isArray(body.messages) || body.messages.length === 0) return 'Malformed input request: #: required key [messages] not found, please reformat your input and try again.';
    for (const m of body.messages.map(asObject)) if (m.role !== 'user' && m.role !== 'assistant') return `Malformed input request: #/messages: unexpected role ${String(m.role)}`;
    return null;
  }

  private defaultAnswer(body: Record<string, unknown>): Extract<BedrockScript, { kind: 'message' }> {
    const messages = (body.messages as unknown[]).map(asObject);
    const lastUser = [...messages].reverse().find((m) => m.role === 'user');
    const result = blocks(lastUser?.content).find((b) => b.type === 'tool_result');
    if (result) {
      const text = blocks(result.content)
        .map((b) => (typeof b.text === 'string' ? b.text : ''))
        .join('');
      return { kind: 'message', content: [{ type: 'text', text: `Tool result: ${text}` }] };
    }
    const tools = Array.isArray(body.tools) ? body.tools.map(asObject) : [];
    const choice = asObject(body.tool_choice);
    if (tools.length > 0 && choice.type !== 'none') {
      const name = choice.type === 'tool' ? String(choice.name) : String(tools[0]?.name);
      return { kind: 'message', stopReason: 'tool_use', content: [{ type: 'tool_use', id: `toolu_bdrk_${++this.seq}`, name, input: (this.options.toolInput ?? {}) as Json }] };
    }
    return { kind: 'message', content: [{ type: 'text', text: this.options.reply ?? DEFAULT_REPLY }] };
  }

  private message(a: Extract<BedrockScript, { kind: 'message' }>): Record<string, Json> {
    const text = a.content.map((b) => (typeof b === 'object' && b !== null && !Array.isArray(b) && typeof b.text === 'string' ? b.text : '')).join('');
    return {
      id: `msg_bdrk_${++this.seq}`,
      type: 'message',
      role: 'assistant',
      // Bedrock answers with the Anthropic model name, not its own id.
      model: 'claude-sonnet-4-20250514',
      content: a.content,
      stop_reason: a.stopReason ?? 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: this.options.inputTokens ?? 21, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: Math.max(1, text.split(/\s+/).filter(Boolean).length), ...a.usage },
    };
  }

  private streamHead(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': `fake-${++this.seq}`, 'x-amzn-bedrock-content-type': 'application/json' });
  }

  /** The Anthropic event sequence, each event one binary `chunk` message, written one by one. */
  private stream(res: ServerResponse, message: Record<string, Json>, exceptionAfter?: number): void {
    this.streamHead(res);
    const headers: MessageHeaders = { ':event-type': header('chunk'), ':content-type': header('application/json'), ':message-type': header('event') };
    let sent = 0;
    const send = (type: string, data: Record<string, Json>) => {
      if (exceptionAfter !== undefined && sent++ >= exceptionAfter) return;
      const bytes = Buffer.from(JSON.stringify({ type, ...data })).toString('base64');
      res.write(codec.encode({ headers, body: fromUtf8(JSON.stringify({ bytes })) }));
    };
    const usage = message.usage as Record<string, Json>;
    send('message_start', { message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } });
    (message.content as Record<string, Json>[]).forEach((block, index) => {
      if (block.type === 'text') {
        send('content_block_start', { index, content_block: { type: 'text', text: '' } });
        for (const piece of String(block.text).match(/\S+\s*/g) ?? []) send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
      } else if (block.type === 'tool_use') {
        send('content_block_start', { index, content_block: { type: 'tool_use', id: block.id as string, name: block.name as string, input: {} } });
        const json = JSON.stringify(block.input);
        const cut = Math.floor(json.length / 2);
        for (const partial_json of [json.slice(0, cut), json.slice(cut)]) send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
      }
      send('content_block_stop', { index });
    });
    send('message_delta', { delta: { stop_reason: message.stop_reason ?? null, stop_sequence: null }, usage: { output_tokens: usage.output_tokens as number } });
    send('message_stop', { 'amazon-bedrock-invocationMetrics': { inputTokenCount: usage.input_tokens as number, outputTokenCount: usage.output_tokens as number, invocationLatency: 10, firstByteLatency: 5 } });
    if (exceptionAfter !== undefined) {
      const ex: MessageHeaders = { ':exception-type': header('throttlingException'), ':content-type': header('application/json'), ':message-type': header('exception') };
      res.write(codec.encode({ headers: ex, body: fromUtf8(JSON.stringify({ message: 'Too many tokens, please wait before trying again.' })) }));
    }
    res.end();
  }
}
