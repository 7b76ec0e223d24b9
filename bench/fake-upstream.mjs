// A minimal, fast OpenAI-compatible upstream for the relay benchmark (loopback only).
//
// POST /v1/chat/completions  non-stream JSON with usage, or SSE when "stream": true
//                            (final usage chunk when stream_options.include_usage, then [DONE])
// POST /v1beta/models/{m}:generateContent, :streamGenerateContent?alt=sse   Gemini (fake-gemini.mjs)
// POST /v1/messages          Anthropic Messages: JSON message, or its SSE events when "stream": true
//                            (bodies in fake-anthropic.mjs; needs x-api-key and anthropic-version)
// GET  /v1/models            the model list
// POST /__bench/config       {chunks, delayMs, hold} for the streams that start afterwards
// POST /__bench/release      ends every held stream (returns how many)
// GET  /__bench/stats        counters (requests, open and held streams)
// POST /__bench/drop-idle     closes idle keep-alive connections
//
// Bodies are serialised once per model name and reused, so this process stays far cheaper per
// request than anything placed in front of it: the benchmark measures the proxy, not the fake.
//
// Run alone: node bench/fake-upstream.mjs [--port N] [--host H]; prints {"port":N} when ready.

import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { anthropicError, messageBody, messageFrames } from './fake-anthropic.mjs';
import { generateContentBody, generateContentFrames, googleError } from './fake-gemini.mjs';
import { listenLoopback } from './lib/procs.mjs';

const CREATED = 1_735_689_600;
const ID = 'chatcmpl-bench0000000000000000000000';
const BODY_LIMIT = 1024 * 1024;
const MODEL_CACHE_MAX = 64;
const USAGE = { prompt_tokens: 9, completion_tokens: 12, total_tokens: 21 };
const WORDS = ['Hello', ' there', '!', ' How', ' can', ' I', ' help', ' you', ' today', '?'];

const json = (v) => Buffer.from(JSON.stringify(v));
const sse = (v) => Buffer.from(`data: ${JSON.stringify(v)}\n\n`);
const DONE = Buffer.from('data: [DONE]\n\n');

/** Pre-serialised bodies for one model name and one stream shape. */
function buildBodies(model, chunks, withUsage) {
  const base = { id: ID, object: 'chat.completion.chunk', created: CREATED, model, system_fingerprint: 'fp_bench' };
  // With include_usage, OpenAI sends "usage": null on every chunk but the last.
  const u = withUsage ? { usage: null } : {};
  const frames = [sse({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null }], ...u })];
  for (let i = 0; i < chunks; i++) {
    frames.push(sse({ ...base, choices: [{ index: 0, delta: { content: WORDS[i % WORDS.length] }, logprobs: null, finish_reason: null }], ...u }));
  }
  frames.push(sse({ ...base, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }], ...u }));
  if (withUsage) frames.push(sse({ ...base, choices: [], usage: USAGE }));
  frames.push(DONE);
  return frames;
}

function nonStreamBody(model) {
  return json({
    id: ID,
    object: 'chat.completion',
    created: CREATED,
    model,
    system_fingerprint: 'fp_bench',
    choices: [{ index: 0, message: { role: 'assistant', content: WORDS.join(''), refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: USAGE,
  });
}

function openaiError(res, status, message, type = 'invalid_request_error') {
  const body = json({ error: { message, type, param: null, code: null } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

function readBody(req, res, done) {
  const parts = [];
  let size = 0;
  req.on('data', (c) => {
    size += c.length;
    if (size > BODY_LIMIT) {
      openaiError(res, 413, 'request body too large');
      req.destroy();
      return;
    }
    parts.push(c);
  });
  req.on('end', () => done(parts.length === 1 ? parts[0] : Buffer.concat(parts)));
}

function parseJson(buf) {
  try {
    const v = JSON.parse(buf.toString('utf8'));
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * Starts the fake upstream. Resolves with { server, port, url, stats, close }.
 * @param {{ port?: number, host?: string, chunks?: number, delayMs?: number }} [opts]
 */
export async function startFakeUpstream(opts = {}) {
  const config = { chunks: opts.chunks ?? 16, delayMs: opts.delayMs ?? 10, hold: false };
  const stats = { requests: 0, streamsOpen: 0, held: 0, streamsDone: 0 };
  const cache = new Map();
  const held = new Set();

  const bodiesFor = (model, streamShape) => {
    const key = `${streamShape}\u0000${model}`;
    let v = cache.get(key);
    if (v === undefined) {
      if (cache.size >= MODEL_CACHE_MAX) cache.clear();
      if (streamShape === 'json') v = nonStreamBody(model);
      else if (streamShape === 'claude-json') v = messageBody(model);
      else if (streamShape === 'claude-sse') v = messageFrames(model, config.chunks);
      else if (streamShape === 'gemini-json') v = generateContentBody(model);
      else if (streamShape === 'gemini-sse') v = generateContentFrames(model, config.chunks);
      else v = buildBodies(model, config.chunks, streamShape === 'usage');
      cache.set(key, v);
    }
    return v;
  };

  const stream = (res, frames, delayMs, hold) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    stats.streamsOpen++;
    let i = 0;
    let timer = null;
    let closed = false;
    const entry = { resume: () => next() };
    const finish = () => {
      if (closed) return;
      closed = true;
      stats.streamsOpen--;
      if (held.delete(entry)) stats.held--;
      if (timer) clearTimeout(timer);
    };
    res.on('close', finish);
    const next = () => {
      timer = null;
      if (closed) return;
      if (delayMs <= 0) {
        // No delay: everything left goes out in one write.
        res.end(i === 0 ? Buffer.concat(frames) : Buffer.concat(frames.slice(i)));
        stats.streamsDone++;
        return;
      }
      res.write(frames[i++]);
      if (i === frames.length) {
        res.end();
        stats.streamsDone++;
        return;
      }
      timer = setTimeout(next, delayMs);
    };
    if (hold) {
      // First frame now, the rest when /__bench/release is called.
      res.write(frames[i++]);
      held.add(entry);
      stats.held++;
      return;
    }
    next();
  };

  const chat = (req, res, buf) => {
    const body = parseJson(buf);
    if (body === null) return openaiError(res, 400, 'We could not parse the JSON body of your request.');
    const model = typeof body.model === 'string' && body.model !== '' ? body.model : 'gpt-4o-mini';
    if (!Array.isArray(body.messages)) return openaiError(res, 400, "Missing required parameter: 'messages'.");
    if (body.stream === true) {
      const withUsage = body.stream_options?.include_usage === true;
      return stream(res, bodiesFor(model, withUsage ? 'usage' : 'plain'), config.delayMs, config.hold);
    }
    const out = bodiesFor(model, 'json');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': out.length });
    res.end(out);
  };

  // Anthropic Messages: the key in x-api-key and an anthropic-version header, as the real API wants.
  const messages = (req, res, buf) => {
    if (typeof req.headers['x-api-key'] !== 'string' || req.headers['x-api-key'] === '') return anthropicError(res, 401, 'x-api-key header is required', 'authentication_error');
    if (typeof req.headers['anthropic-version'] !== 'string') return anthropicError(res, 400, 'anthropic-version: header is required');
    const body = parseJson(buf);
    if (body === null) return anthropicError(res, 400, 'There was an issue with the format of your request body.');
    const model = typeof body.model === 'string' && body.model !== '' ? body.model : 'claude-3-5-haiku-20241022';
    if (!Array.isArray(body.messages)) return anthropicError(res, 400, 'messages: Field required');
    if (!Number.isInteger(body.max_tokens)) return anthropicError(res, 400, 'max_tokens: Field required');
    if (body.stream === true) return stream(res, bodiesFor(model, 'claude-sse'), config.delayMs, config.hold);
    const out = bodiesFor(model, 'claude-json');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': out.length });
    res.end(out);
  };

  // Gemini generateContent: the key in x-goog-api-key (or ?key=), the model and method in the path.
  const gemini = (req, res, buf, model, method) => {
    const key = req.headers['x-goog-api-key'] ?? new URL(req.url, 'http://fake').searchParams.get('key');
    if (typeof key !== 'string' || key === '') return googleError(res, 403, 'Method doesn\'t allow unregistered callers.', 'PERMISSION_DENIED');
    const body = parseJson(buf);
    if (body === null) return googleError(res, 400, 'Invalid JSON payload received.');
    if (!Array.isArray(body.contents)) return googleError(res, 400, '* GenerateContentRequest.contents: contents is not specified');
    if (method === 'streamGenerateContent') return stream(res, bodiesFor(model, 'gemini-sse'), config.delayMs, config.hold);
    const out = bodiesFor(model, 'gemini-json');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': out.length });
    res.end(out);
  };

  const models = json({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: CREATED, owned_by: 'system' }] });

  const control = (req, res, buf) => {
    const path = req.url.split('?')[0];
    if (req.method === 'POST' && path === '/__bench/config') {
      const b = parseJson(buf) ?? {};
      if (Number.isInteger(b.chunks) && b.chunks >= 0 && b.chunks <= 10_000) config.chunks = b.chunks;
      if (Number.isFinite(b.delayMs) && b.delayMs >= 0) config.delayMs = b.delayMs;
      if (typeof b.hold === 'boolean') config.hold = b.hold;
      cache.clear();
      return reply(res, config);
    }
    if (req.method === 'POST' && path === '/__bench/release') {
      const all = [...held];
      held.clear();
      stats.held = 0;
      for (const e of all) e.resume();
      return reply(res, { released: all.length });
    }
    if (req.method === 'GET' && path === '/__bench/stats') return reply(res, { ...stats, config });
    if (req.method === 'POST' && path === '/__bench/drop-idle') {
      // Keep-alive connections left idle by a proxy after a burst; the next burst needs the descriptors.
      server.closeIdleConnections();
      return reply(res, { ok: true });
    }
    return openaiError(res, 404, 'not found');
  };

  const server = http.createServer({ noDelay: true, keepAlive: true }, (req, res) => {
    stats.requests++;
    const url = req.url;
    if (req.method === 'POST' && (url === '/v1/chat/completions' || url.startsWith('/v1/chat/completions?'))) {
      return readBody(req, res, (buf) => chat(req, res, buf));
    }
    if (req.method === 'POST' && (url === '/v1/messages' || url.startsWith('/v1/messages?'))) {
      return readBody(req, res, (buf) => messages(req, res, buf));
    }
    const g = req.method === 'POST' ? /^\/v1(?:beta|alpha)?\/models\/([^/:?]+):(generateContent|streamGenerateContent)(?:\?|$)/.exec(url) : null;
    if (g) return readBody(req, res, (buf) => gemini(req, res, buf, decodeURIComponent(g[1]), g[2]));
    if (req.method === 'GET' && (url === '/v1/models' || url.startsWith('/v1/models?'))) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': models.length });
      return res.end(models);
    }
    if (url.startsWith('/__bench/')) return readBody(req, res, (buf) => control(req, res, buf));
    openaiError(res, 404, `Unknown request URL: ${req.method} ${url}`);
  });
  const port = await listenLoopback(server, opts);
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function reply(res, v) {
  const body = json(v);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
  res.end(body);
}

function argOf(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const up = await startFakeUpstream({ port: Number(argOf('--port') ?? 0), host: argOf('--host') ?? '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: up.port })}\n`);
  process.on('SIGTERM', () => up.close().then(() => process.exit(0)));
  if (process.argv.includes('--exit-with-stdin')) {
    // Started by bench/run.mjs: end with it even if it dies without cleaning up.
    process.stdin.on('end', () => process.exit(0));
    process.stdin.resume();
  }
}
