import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The loopback plumbing a fake WebSocket upstream shares (the OpenAI realtime fake, iFlytek Spark):
 * an HTTP server on 127.0.0.1 that hands each upgrade to `upgrade`, answers plain HTTP with
 * `plain`, and on `stop` ends every socket it accepted so no test waits on a keep-alive.
 */
export abstract class LoopbackWebSocketServer {
  url = '';
  protected readonly wss = new WebSocketServer({ noServer: true });
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((req, res) => this.plain(req, res));
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  /** A handshake: refuse it with `refuseUpgrade`, or accept it with `accept`. */
  protected abstract upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;

  /** A plain HTTP request (not an upgrade). */
  protected abstract plain(req: IncomingMessage, res: ServerResponse): void;

  protected accept(req: IncomingMessage, socket: Duplex, head: Buffer, open: (ws: WebSocket) => void): void {
    this.wss.handleUpgrade(req, socket, head, open);
  }

  /** Refuses a handshake with an HTTP status and a JSON body, as the provider's gateway does. */
  protected refuseUpgrade(socket: Duplex, status: number, reason: string, body: unknown): void {
    const text = JSON.stringify(body);
    socket.end(`HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`);
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const c of this.wss.clients) c.terminate();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
