import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { LoopbackWebSocketServer } from '../support/fakes/ws-server';

/** The usage object of a realtime `response.done` (OpenAI's API reference, realtime server events). */
export interface RealtimeUsage {
  total_tokens: number;
  input_tokens: number;
  output_tokens: number;
  input_token_details: { cached_tokens: number; text_tokens: number; audio_tokens: number };
  output_token_details: { text_tokens: number; audio_tokens: number };
}

export function usage(inText: number, inAudio: number, outText: number, outAudio: number, cached = 0): RealtimeUsage {
  return {
    total_tokens: inText + inAudio + outText + outAudio,
    input_tokens: inText + inAudio,
    output_tokens: outText + outAudio,
    input_token_details: { cached_tokens: cached, text_tokens: inText, audio_tokens: inAudio },
    output_token_details: { text_tokens: outText, audio_tokens: outAudio },
  };
}

export interface Handshake {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/**
 * A loopback OpenAI realtime server (wss://api.openai.com/v1/realtime?model=, and Azure's
 * /openai/realtime?api-version=&deployment=): checks the key the provider's way, answers
 * `session.created`, and each `response.create` (or committed input buffer, as server VAD does) with `response.created`, audio deltas and a
 * `response.done` carrying the next scripted usage. `hold` keeps the next response open (no
 * done) until the client cancels it (`response.cancel` -> `response.done` status cancelled).
 */
export class FakeRealtime extends LoopbackWebSocketServer {
  readonly handshakes: Handshake[] = [];
  readonly received: Record<string, unknown>[] = [];
  private readonly usages: RealtimeUsage[] = [];
  private holdNext = false;
  private dropNext = false;
  private seq = 0;

  constructor(private readonly key: string) {
    super();
  }

  protected plain(_req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(426).end();
  }

  protected upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const u = new URL(req.url ?? '/', 'http://x');
    const azure = u.pathname === '/openai/realtime';
    const ok = azure ? req.headers['api-key'] === this.key : req.headers.authorization === `Bearer ${this.key}` && req.headers['openai-beta'] === 'realtime=v1';
    this.handshakes.push({ path: u.pathname, query: Object.fromEntries(u.searchParams), headers: req.headers });
    if (!ok || (!azure && u.pathname !== '/v1/realtime')) {
      this.refuseUpgrade(socket, 401, 'Unauthorized', { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key', param: null } });
      return;
    }
    this.accept(req, socket, head, (ws) => this.session(ws, azure ? (u.searchParams.get('deployment') ?? '') : (u.searchParams.get('model') ?? '')));
  }

  /** The usage of the next responses, in order. */
  respond(...u: RealtimeUsage[]): void {
    this.usages.push(...u);
  }

  /** The next response streams audio but does not finish until cancelled. */
  holdOpen(): void {
    this.holdNext = true;
  }

  /** The next response streams audio, then the connection drops (no done, no close frame). */
  drop(): void {
    this.dropNext = true;
  }

  reset(): void {
    this.handshakes.length = 0;
    this.received.length = 0;
    this.usages.length = 0;
    this.holdNext = false;
    this.dropNext = false;
  }

  private id(prefix: string): string {
    this.seq += 1;
    return `${prefix}_${String(this.seq).padStart(6, '0')}`;
  }

  private session(ws: WebSocket, model: string): void {
    const send = (e: Record<string, unknown>) => ws.send(JSON.stringify({ event_id: this.id('event'), ...e }));
    send({ type: 'session.created', session: { id: this.id('sess'), object: 'realtime.session', model, modalities: ['text', 'audio'], voice: 'alloy', input_audio_format: 'pcm16', output_audio_format: 'pcm16' } });
    let open: { id: string; item: string } | null = null;
    ws.on('message', (data) => {
      const e = JSON.parse(data.toString()) as Record<string, unknown>;
      this.received.push(e);
      if (e.type === 'response.cancel' && open) {
        const r = open;
        open = null;
        send({ type: 'response.done', response: { id: r.id, object: 'realtime.response', status: 'cancelled', status_details: { type: 'cancelled', reason: 'client_cancelled' }, output: [], usage: this.usages.shift() ?? null } });
        return;
      }
      // Server VAD with create_response: a committed input buffer starts a response without response.create.
      if (e.type === 'input_audio_buffer.commit') send({ type: 'input_audio_buffer.committed', previous_item_id: null, item_id: this.id('item') });
      else if (e.type !== 'response.create') return;
      const id = this.id('resp');
      const item = this.id('item');
      send({ type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress', status_details: null, output: [], usage: null } });
      send({ type: 'response.output_item.added', response_id: id, output_index: 0, item: { id: item, object: 'realtime.item', type: 'message', status: 'in_progress', role: 'assistant', content: [] } });
      send({ type: 'response.audio.delta', response_id: id, item_id: item, output_index: 0, content_index: 0, delta: Buffer.alloc(480).toString('base64') });
      if (this.dropNext) {
        this.dropNext = false;
        setTimeout(() => ws.terminate(), 20);
        return;
      }
      if (this.holdNext) {
        this.holdNext = false;
        open = { id, item };
        return;
      }
      send({ type: 'response.audio.done', response_id: id, item_id: item, output_index: 0, content_index: 0 });
      send({
        type: 'response.done',
        response: { id, object: 'realtime.response', status: 'completed', status_details: null, output: [{ id: item, object: 'realtime.item', type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'audio', transcript: 'hello' }] }], usage: this.usages.shift() ?? null },
      });
    });
  }
}
