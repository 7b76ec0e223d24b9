// The floor: the barest useful pass-through proxy in Node (node:http in, undici Pool out).
// No auth, no parsing, no metering: the request body goes up unchanged (read first when it is
// small, piped otherwise), the response is piped back as it arrives (SSE included). The gateway
// is judged against this, measured in the same run.
//
// Run alone: node bench/floor-proxy.mjs --upstream http://127.0.0.1:N [--port N] [--host H] [--lean];
// prints {"port":N} when ready.
//
// `--lean` (BENCH_FLOOR=lean in run.mjs and profile.mjs): a diagnostic, not the floor the targets
// are judged against. The answer comes through an undici dispatch handler (no Readable, no
// pipeline), as the gateway's outbound body takes it, and each chunk is framed and written to the
// socket in one write by the gateway's writeChunkDirect (needs the server built): what these two
// libraries allocate and cost at the least per stream.

import http from 'node:http';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { listenLoopback } from './lib/procs.mjs';

// Hop-by-hop headers (RFC 9110 §7.6.1) plus host, which undici sets from the origin.
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host']);

function forwardable(headers) {
  const out = {};
  for (const k in headers) if (!HOP.has(k)) out[k] = headers[k];
  return out;
}

function badGateway(res, err) {
  if (res.headersSent) {
    res.destroy(err);
    return;
  }
  const body = Buffer.from(JSON.stringify({ error: { message: 'upstream unavailable', type: 'bad_gateway', param: null, code: null } }));
  res.writeHead(502, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

/**
 * The lean floor's forward: undici's dispatch handler straight to the client's socket, each chunk
 * framed and written in one socket write by the gateway's own `writeChunkDirect` (server/dist).
 */
function leanForward(writeChunkDirect, pool, req, res, body) {
  let controller = null;
  let headed = false;
  res.on('close', () => {
    if (!res.writableFinished) controller?.abort(new Error('client gone'));
  });
  pool.dispatch(
    { method: req.method, path: req.url, headers: forwardable(req.headers), body },
    {
      onRequestStart(c) {
        controller = c;
      },
      onResponseStart(_c, status, headers) {
        if (status < 200) return;
        headed = true;
        res.writeHead(status, forwardable(headers));
      },
      onResponseData(c, chunk) {
        const ok = writeChunkDirect(res, chunk);
        if (ok === undefined ? !res.write(chunk) : !ok) {
          c.pause();
          (ok === undefined ? res : res.socket).once('drain', () => c.resume());
        }
      },
      onResponseEnd() {
        res.end();
      },
      onResponseError(_c, err) {
        if (headed) res.destroy(err);
        else badGateway(res, err);
      },
    },
  );
}

/** Request bodies up to this size (chat requests are a few KB) are read before forwarding. */
const SMALL_BODY = 256 * 1024;

/**
 * Starts the floor proxy in front of `upstream`. Resolves with { server, port, url, close }.
 * @param {{ upstream: string, port?: number, host?: string, lean?: boolean }} opts
 */
export async function startFloorProxy(opts) {
  // Loaded only for the lean floor: the floor itself needs no build of the server.
  const writeChunkDirect = opts.lean ? createRequire(import.meta.url)('../server/dist/relay/pipeline/chunked-writer.js').writeChunkDirect : null;
  // Unlimited connections: the floor must never queue where the gateway would not.
  const pool = new Pool(opts.upstream, { connections: null, pipelining: 1, keepAliveTimeout: 60_000, headersTimeout: 0, bodyTimeout: 0 });

  const forward = (req, res, body) => {
    if (writeChunkDirect !== null) return leanForward(writeChunkDirect, pool, req, res, body);
    pool.request({ method: req.method, path: req.url, headers: forwardable(req.headers), body }).then(
      (up) => {
        // Client gone while we waited: drop the upstream response (this aborts it).
        if (res.destroyed) {
          up.body.destroy();
          return;
        }
        res.writeHead(up.statusCode, forwardable(up.headers));
        // Chunks go out as they arrive; a client that leaves mid-stream destroys up.body,
        // which aborts the upstream request.
        pipeline(up.body, res, () => {});
      },
      (err) => badGateway(res, err),
    );
  };

  const server = http.createServer({ noDelay: true, keepAlive: true }, (req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return forward(req, res, null);
    const length = Number(req.headers['content-length']);
    if (!(length >= 0 && length <= SMALL_BODY)) return forward(req, res, req);
    // A small body is read first and sent as one buffer: the same bytes upstream, but undici's
    // stream-body path costs about 200 µs of CPU more per request on the reference machine,
    // and a floor made slow on purpose would make the gateway's ratios meaningless.
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => forward(req, res, parts.length === 1 ? parts[0] : Buffer.concat(parts)));
  });
  const port = await listenLoopback(server, opts);
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
      await pool.close();
    },
  };
}

function argOf(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const upstream = argOf('--upstream');
  if (!upstream) {
    console.error('usage: node bench/floor-proxy.mjs --upstream http://127.0.0.1:PORT [--port N]');
    process.exit(2);
  }
  const floor = await startFloorProxy({ upstream, port: Number(argOf('--port') ?? 0), host: argOf('--host') ?? '127.0.0.1', lean: process.argv.includes('--lean') });
  process.stdout.write(`${JSON.stringify({ port: floor.port })}\n`);
  process.on('SIGTERM', () => floor.close().then(() => process.exit(0)));
  if (process.argv.includes('--exit-with-stdin')) {
    // Started by bench/run.mjs: end with it even if it dies without cleaning up.
    process.stdin.on('end', () => process.exit(0));
    process.stdin.resume();
  }
}
