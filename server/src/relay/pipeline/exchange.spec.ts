import type { FastifyReply, FastifyRequest } from 'fastify';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { ClientExchange } from './exchange';

/** A ClientExchange over a real Node answer (Fastify's reply reduced to what the exchange reads). */
function exchangeOf(req: IncomingMessage, res: ServerResponse): ClientExchange {
  const reply = { raw: res, getHeaders: () => ({}), hijack: () => undefined } as unknown as FastifyReply;
  return new ClientExchange({ id: 'r1', headers: req.headers } as unknown as FastifyRequest, reply);
}

describe('ClientExchange backpressure on a chunked stream', () => {
  it('write says false when the client does not read, whenDrained waits for it, and every byte arrives', async () => {
    const chunk = `data: ${'y'.repeat(32 * 1024)}\n\n`;
    const log: string[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const server = createServer((req, res) => {
      const x = exchangeOf(req, res);
      x.writeHead(200, { 'Content-Type': 'text/event-stream' });
      void (async () => {
        for (let i = 0; i < 300; i += 1) {
          if (!x.write(chunk)) {
            // The kernel takes some before the socket's buffer stays full: note the first wait that lasts.
            let drained = false;
            const wait = x.whenDrained().then(() => (drained = true));
            await new Promise((r) => setTimeout(r, 50));
            if (!drained && log.length === 0) log.push(`held at ${i}`);
            await wait;
          }
        }
        x.end();
        finished();
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
      socket.pause();
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((r) => setTimeout(r, 300));
      // The writer is held by the client that does not read, short of the 300 events.
      expect(log).toEqual([expect.stringMatching(/^held at \d+$/)]);
      expect(Number(log[0]?.split(' ').pop())).toBeLessThan(299);
      let text = '';
      await new Promise<void>((resolve) => {
        socket.on('data', (d: Buffer) => {
          text += d.toString('latin1');
          if (text.endsWith('0\r\n\r\n')) resolve();
        });
        socket.resume();
      });
      await done;
      socket.destroy();
      const events = text.slice(text.indexOf('\r\n\r\n') + 4).split(`\r\n${chunk}\r\n`);
      // 300 framed events and the last chunk: nothing lost, nothing doubled.
      expect(events).toHaveLength(301);
      expect(events.slice(0, 300).every((size) => size === (chunk.length).toString(16))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
