import { createServer } from 'node:net';

/** A TCP port free on loopback right now (for child processes that must be told their port). */
export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}
