import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { writeChunkDirect } from './chunked-writer';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real Node HTTP server and a raw socket client: the bytes on the wire are what is compared. */
async function serve(handler: Handler): Promise<{ port: number; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Sends raw requests on one socket and collects everything until `until` says the bytes are complete. */
function exchange(port: number, raw: string, until: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (until(text)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.write(raw);
  });
}

const body = (answer: string): string => answer.slice(answer.indexOf('\r\n\r\n') + 4);
/** The wire text is read as latin1 (one character a byte): the same for what is expected. */
const bytes = (text: string): string => Buffer.from(text).toString('latin1');
const CHUNKS: (string | Uint8Array)[] = ['data: {"a":1}\n\n', Buffer.from('data: "ü€😀"\n\n'), '', new Uint8Array([100, 97, 116, 97, 58, 32, 120, 10, 10]), 'é'.repeat(300)];

describe('writeChunkDirect', () => {
  let results: (boolean | undefined)[] = [];
  let app: { port: number; server: Server };

  beforeAll(async () => {
    app = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      for (const chunk of CHUNKS) {
        if (req.url === '/node') {
          res.write(chunk);
        } else {
          const r = writeChunkDirect(res, chunk);
          results.push(r);
          if (r === undefined) res.write(chunk);
        }
      }
      res.end();
    });
  });
  afterAll(() => close(app.server));
  beforeEach(() => {
    results = [];
  });

  it('puts on the wire exactly the body res.write would, ended by Node', async () => {
    const done = (t: string) => t.endsWith('0\r\n\r\n');
    const viaNode = await exchange(app.port, 'GET /node HTTP/1.1\r\nHost: x\r\n\r\n', done);
    const direct = await exchange(app.port, 'GET /direct HTTP/1.1\r\nHost: x\r\n\r\n', done);
    expect(body(direct)).toBe(body(viaNode));
    expect(body(direct)).toBe(bytes('f\r\ndata: {"a":1}\n\n\r\n13\r\ndata: "ü€😀"\n\n\r\n9\r\ndata: x\n\n\r\n258\r\n' + 'é'.repeat(300) + '\r\n0\r\n\r\n'));
    expect(direct).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*Transfer-Encoding: chunked\r\n/);
    // Every chunk was framed here (the empty one is left out, as res.write leaves it out).
    expect(results).toEqual([true, true, true, true, true]);
  });

  it('leaves the socket to the next request (keep-alive), in order', async () => {
    const twice = 'GET /direct HTTP/1.1\r\nHost: x\r\n\r\nGET /direct HTTP/1.1\r\nHost: x\r\n\r\n';
    const text = await exchange(app.port, twice, (t) => t.split('0\r\n\r\n').length === 3);
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(text.split('0\r\n\r\n')[1]).toContain('258\r\n');
  });

  it('declines an answer that is not chunked (HTTP/1.0), which then goes through res.write', async () => {
    const text = await exchange(app.port, 'GET /direct HTTP/1.0\r\nHost: x\r\n\r\n', () => false);
    expect(results.every((r) => r === undefined)).toBe(true);
    expect(body(text)).toBe(bytes('data: {"a":1}\n\ndata: "ü€😀"\n\ndata: x\n\n' + 'é'.repeat(300)));
  });
});

describe('writeChunkDirect under backpressure', () => {
  it('says false when the socket buffer is full, and every byte arrives once the client reads', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    let writes = 0;
    let sawFull = false;
    const app = await serve((_req, res) => {
      res.writeHead(200);
      const pump = (): void => {
        while (writes < 200) {
          writes += 1;
          if (writeChunkDirect(res, chunk) === false) {
            sawFull = true;
            res.socket?.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      pump();
    });
    try {
      const socket = connect(app.port, '127.0.0.1');
      socket.pause();
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      await new Promise((r) => setTimeout(r, 200));
      expect(sawFull).toBe(true);
      expect(writes).toBeLessThan(200);
      let received = 0;
      let tail = '';
      await new Promise<void>((resolve) => {
        socket.on('data', (d: Buffer) => {
          received += d.length;
          tail = (tail + d.toString('latin1')).slice(-5);
          if (tail === '0\r\n\r\n') resolve();
        });
        socket.resume();
      });
      socket.destroy();
      expect(writes).toBe(200);
      // 200 chunks of 64 KiB, each framed as "10000\r\n...\r\n", after the head.
      expect(received).toBeGreaterThan(200 * (64 * 1024 + 9));
    } finally {
      await close(app.server);
    }
  });
});
