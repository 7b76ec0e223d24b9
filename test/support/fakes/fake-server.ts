import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What the loopback fakes share: the HTTP server on 127.0.0.1 and a free port, request bodies,
 * JSON answers and SSE frames. The wire format of each provider stays in its own fake.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A fake's HTTP server. It keeps its sockets so that stop() ends open streams and keep-alive
 * connections at once instead of waiting for them.
 */
export abstract class LoopbackFake {
  url = '';
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  protected abstract handle(req: IncomingMessage, res: ServerResponse): void | Promise<void>;

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** A fake that records every request it receives. */
export abstract class RecordingFake<R> extends LoopbackFake {
  readonly requests: R[] = [];

  /** `name` as in "the fake <name> received no request". */
  constructor(private readonly name: string) {
    super();
  }

  last(): R {
    const r = this.requests.at(-1);
    if (!r) throw new Error(`the fake ${this.name} received no request`);
    return r;
  }

  reset(): void {
    this.requests.length = 0;
  }
}

/** A recording fake whose next answers a test can script, one request each. */
export abstract class ScriptedFake<R, S> extends RecordingFake<R> {
  protected readonly once: S[] = [];

  next(script: S): this {
    this.once.push(script);
    return this;
  }

  override reset(): void {
    super.reset();
    this.once.length = 0;
  }
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function asObject(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** A JSON body as an object (any other JSON value as {}), null when it is no JSON at all. */
export function jsonObject(text: string): Record<string, unknown> | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return null;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, body: string, contentType: string): void {
  res.writeHead(status, { 'content-type': contentType });
  res.end(body);
}

/** Starts an event stream (status 200 unless told); `headers` add to or replace the usual ones. */
export function startEventStream(res: ServerResponse, headers: Record<string, string> = {}, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
}

/** One SSE event: an optional `event:` line, then `data:` (objects as JSON), ended by a blank line. */
export function sseFrame(data: unknown, options: { event?: string; eol?: '\n' | '\r\n' } = {}): string {
  const eol = options.eol ?? '\n';
  const head = options.event === undefined ? '' : `event: ${options.event}${eol}`;
  return `${head}data: ${typeof data === 'string' ? data : JSON.stringify(data)}${eol}${eol}`;
}
