// Starts the built gateway (server/dist/main.js) on PostgreSQL or MySQL + Redis or on the SQLite default
// and configures it through its management API the way a user would. Every step is tolerant:
// a failure is reported with its reason and the gateway's figures are skipped.

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep, spawnNode, targetNodeArgs } from './procs.mjs';

export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BOOT_TIMEOUT_MS = 90_000;
export const BENCH_MODEL = 'gpt-4o-mini';
/** Served by a type-14 (Claude) channel on the same fake: the converted and Anthropic-native paths. */
export const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';

/** Served by a type-24 (Gemini) channel on the same fake: Anthropic clients on a Gemini channel (issue 21). */
export const GEMINI_MODEL = 'gemini-2.0-flash';

// The request bodies every target gets (serialised once).
// BENCH_PROMPT_KB: the user message padded to about that many KB (a held stream keeps its prompt:
// what a long prompt costs shows in the held streams' memory); default one short sentence.
export const PROMPT_KB = Number(process.env.BENCH_PROMPT_KB ?? 0);
const messages = [{ role: 'user', content: `Say hello in one short sentence.${' word'.repeat(Math.round((PROMPT_KB * 1024) / 5))}` }];
// BENCH_CLIENT_USAGE=0: the OpenAI streaming client does not ask include_usage (most clients), so
// the gateway, which asks it upstream, hides the usage from the client.
const clientUsage = process.env.BENCH_CLIENT_USAGE === '0' ? {} : { stream_options: { include_usage: true } };
export const BODIES = {
  json: JSON.stringify({ model: BENCH_MODEL, messages, max_tokens: 32 }),
  stream: JSON.stringify({ model: BENCH_MODEL, messages, max_tokens: 32, stream: true, ...clientUsage }),
};
export const CLAUDE_BODIES = {
  json: JSON.stringify({ model: CLAUDE_MODEL, messages, max_tokens: 32 }),
  stream: JSON.stringify({ model: CLAUDE_MODEL, messages, max_tokens: 32, stream: true, stream_options: { include_usage: true } }),
  msgJson: JSON.stringify({ model: CLAUDE_MODEL, messages, max_tokens: 32 }),
  msgStream: JSON.stringify({ model: CLAUDE_MODEL, messages, max_tokens: 32, stream: true }),
};
/** The two-hop conversions (issue 21): an Anthropic client on the Gemini channel, a Gemini client on the Claude channel. */
export const CROSS_BODIES = {
  msgGemini: JSON.stringify({ model: GEMINI_MODEL, messages, max_tokens: 32, stream: true }),
  geminiClaude: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: messages[0].content }] }], generationConfig: { maxOutputTokens: 32 } }),
};
export const GEMINI_CLAUDE_PATH = `/v1beta/models/${CLAUDE_MODEL}:streamGenerateContent?alt=sse`;
const crossBuf = Object.fromEntries(Object.entries(CROSS_BODIES).map(([k, v]) => [k, Buffer.from(v)]));
const bodyBuf = { json: Buffer.from(BODIES.json), stream: Buffer.from(BODIES.stream) };
const claudeBuf = Object.fromEntries(Object.entries(CLAUDE_BODIES).map(([k, v]) => [k, Buffer.from(v)]));

/** One chat completion request for the load generator (undici request options). */
export function chatRequest(key, stream) {
  const body = stream ? bodyBuf.stream : bodyBuf.json;
  return {
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), authorization: `Bearer ${key}` },
    body,
  };
}

/** OpenAI chat completions for the Claude model: the converted path (OpenAI client, type-14 channel). */
export function convertedRequest(key, stream) {
  const body = stream ? claudeBuf.stream : claudeBuf.json;
  return {
    method: 'POST',
    path: '/v1/chat/completions',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), authorization: `Bearer ${key}` },
    body,
  };
}

/** Anthropic-native inbound: POST /v1/messages with x-api-key to the type-14 channel (passthrough). */
export function messagesRequest(key, stream) {
  const body = stream ? claudeBuf.msgStream : claudeBuf.msgJson;
  return {
    method: 'POST',
    path: '/v1/messages',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body,
  };
}

/** Anthropic inbound to the Gemini channel, streamed: Anthropic JSON -> canonical -> Gemini, and back. */
export function messagesToGeminiRequest(key) {
  const body = crossBuf.msgGemini;
  return {
    method: 'POST',
    path: '/v1/messages',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-api-key': key, 'anthropic-version': '2023-06-01' },
    body,
  };
}

/** Gemini inbound to the Claude channel, streamed (alt=sse): Gemini JSON -> canonical -> Anthropic, and back. */
export function geminiToClaudeRequest(key) {
  const body = crossBuf.geminiClaude;
  return {
    method: 'POST',
    path: GEMINI_CLAUDE_PATH,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length), 'x-goog-api-key': key },
    body,
  };
}

class SetupError extends Error {}

async function call(base, method, path, { body, session, headers } = {}) {
  const h = { accept: 'application/json', ...headers };
  if (body !== undefined) h['content-type'] = 'application/json';
  if (session) {
    h.cookie = session.cookie;
    h['new-api-user'] = String(session.userId);
  }
  let res;
  try {
    res = await fetch(base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new SetupError(`${method} ${path}: ${err.cause?.code ?? err.message}`);
  }
  const text = await res.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: reported below with the raw text.
  }
  return { status: res.status, json, full: text, text: text.length > 300 ? `${text.slice(0, 300)}...` : text, res };
}

/** A management call that must answer {success:true}; returns data. */
async function must(base, method, path, opts) {
  const r = await call(base, method, path, opts);
  if (r.status >= 400 || r.json?.success !== true) {
    throw new SetupError(`${method} ${path} -> HTTP ${r.status} ${r.json?.message ? JSON.stringify(r.json.message) : r.text}`);
  }
  return r.json.data;
}

async function createPgDatabase(log) {
  const { default: pg } = await import('pg');
  const name = `sluice_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  log(`  created database ${name}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
      log(`  dropped database ${name}`);
    },
  };
}

async function createMysqlDatabase(log) {
  const mysql = await import('mysql2/promise');
  const name = `sluice_bench_${randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection(MYSQL_URL);
  try {
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`);
  } finally {
    await admin.end();
  }
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  log(`  created database ${name}`);
  return {
    url: url.toString(),
    drop: async () => {
      const c = await mysql.createConnection(MYSQL_URL);
      try {
        await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      } finally {
        await c.end();
      }
      log(`  dropped database ${name}`);
    },
  };
}

async function dropRedisPrefix(prefix) {
  const { default: Redis } = await import('ioredis');
  const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await r.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await r.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
}

async function waitReady(base, proc) {
  const until = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < until) {
    if (proc.exited()) throw new SetupError(`the gateway exited during boot (code ${proc.exited().code}):\n    ${proc.tail.join('\n    ')}`);
    try {
      const res = await fetch(`${base}/api/status`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new SetupError(`no answer on ${base}/api/status within ${BOOT_TIMEOUT_MS / 1000} s`);
}

/** Login as root, allow the loopback upstream, add the channel, create a token and read its key. */
async function configure(base, upstreamUrl, log) {
  const login = await call(base, 'POST', '/api/user/login', { body: { username: 'root', password: '123456' } });
  if (login.json?.success !== true) throw new SetupError(`login as root failed: HTTP ${login.status} ${login.text}`);
  const cookie = login.res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = { cookie, userId: login.json.data.id };

  await must(base, 'PUT', '/api/option/', { session, body: { key: 'AllowPrivateUpstreamEnabled', value: 'true' } });

  const channel = await must(base, 'POST', '/api/channel/', {
    session,
    body: { mode: 'single', type: 1, name: 'bench-fake-upstream', key: 'sk-bench-upstream-key', base_url: upstreamUrl, models: BENCH_MODEL, group: 'default' },
  });
  const channelId = Array.isArray(channel) ? channel[0]?.id : channel?.id;
  log(`  channel ${channelId ?? '?'} -> ${upstreamUrl}`);
  // The Claude channel (type 14) on the same fake, which also speaks the Messages API.
  const claude = await must(base, 'POST', '/api/channel/', {
    session,
    body: { mode: 'single', type: 14, name: 'bench-fake-claude', key: 'sk-ant-bench-upstream-key', base_url: upstreamUrl, models: CLAUDE_MODEL, group: 'default' },
  });
  log(`  Claude channel ${(Array.isArray(claude) ? claude[0]?.id : claude?.id) ?? '?'} (type 14) -> ${upstreamUrl}`);
  // The Gemini channel (type 24) on the same fake, which also speaks generateContent.
  const gemini = await must(base, 'POST', '/api/channel/', {
    session,
    body: { mode: 'single', type: 24, name: 'bench-fake-gemini', key: 'AIza-bench-upstream-key', base_url: upstreamUrl, models: GEMINI_MODEL, group: 'default' },
  });
  log(`  Gemini channel ${(Array.isArray(gemini) ? gemini[0]?.id : gemini?.id) ?? '?'} (type 24) -> ${upstreamUrl}`);

  const created = await must(base, 'POST', '/api/token/', {
    session,
    body: { name: 'bench', unlimited_quota: true, remain_quota: 0, expired_time: -1, group: 'default' },
  });
  let tokenId = (Array.isArray(created) ? created[0] : created)?.id;
  if (tokenId === undefined) {
    // Shape without the new token: find it in the caller's list.
    const list = await must(base, 'GET', '/api/token/?p=0&size=100', { session });
    const items = Array.isArray(list) ? list : (list?.items ?? []);
    tokenId = items.find((t) => t.name === 'bench')?.id;
  }
  if (tokenId === undefined) throw new SetupError('POST /api/token/ answered without the new token');
  const token = await must(base, 'GET', `/api/token/${tokenId}`, { session });
  if (typeof token?.key !== 'string' || token.key === '') throw new SetupError(`GET /api/token/${tokenId} has no key`);
  const key = token.key.startsWith('sk-') ? token.key : `sk-${token.key}`;

  // The root account starts with a balance; top it up so a long run never exhausts it.
  const topUp = await call(base, 'POST', '/api/user/manage', { session, body: { id: session.userId, action: 'add_quota', value: 1_000_000_000 } });
  if (topUp.json?.success !== true) log(`  note: top-up of root's quota failed (HTTP ${topUp.status} ${topUp.json?.message ?? topUp.text}); continuing`);
  return { key, tokenId, channelId };
}

/**
 * Probes the relay with one request of each kind. 404/501 mean the route is not there yet;
 * 5xx and 429 are retried for a while (the routing index may still be loading the channel).
 */
async function probe(base, key, body, path = '/v1/chat/completions') {
  let last = null;
  const headers =
    path === '/v1/messages' ? { 'x-api-key': key, 'anthropic-version': '2023-06-01' } : path.startsWith('/v1beta/') ? { 'x-goog-api-key': key } : { authorization: `Bearer ${key}` };
  for (let attempt = 0; attempt < 20; attempt++) {
    last = await call(base, 'POST', path, { body: JSON.parse(body), headers });
    if (last.status === 200) return { ok: true, status: 200, text: last.full };
    if (last.status === 404 || last.status === 501) return { ok: false, missing: true, status: last.status, text: last.text };
    if (last.status < 429) break;
    await sleep(500);
  }
  return { ok: false, missing: false, status: last.status, text: last.text };
}

/**
 * The environment a benchmarked gateway starts with (README, "What the harness needs from the
 * gateway"): loopback `port`, `workers` processes, quiet logs, no console, no global rate limits,
 * and SQLite in its working folder unless the caller adds a database.
 */
export function gatewayEnv(port, workers = '1') {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ROLE: 'all',
    // One process unless the run asks for more (npm start's default is one per core).
    SLUICE_WORKERS: workers,
    LOG_LEVEL: 'warn',
    CONSOLE_DIST: 'off',
    GLOBAL_API_RATE_LIMIT: '0',
    GLOBAL_WEB_RATE_LIMIT: '0',
    CRITICAL_RATE_LIMIT: '0',
    ENCRYPTION_KEY: `bench-${randomBytes(16).toString('hex')}`,
  };
}

/**
 * Starts and configures one gateway. Never throws: the result says whether it is usable.
 * `track` receives the result (with its `stop`) at once, before the set-up begins.
 * @returns {Promise<{ name, kind, url?, pid?, key?, available: boolean, streamAvailable: boolean, reason?: string, stop: () => Promise<void> }>}
 */
export async function startGateway({ kind, entry, name = `gateway(${kind})`, nice = null, workers = '1', upstreamUrl, log, track }) {
  const cleanups = [];
  let stopped = false;
  // After stop() (an interrupted run), whatever the set-up still creates is undone at once.
  const onCleanup = (fn) => (stopped ? void fn().catch(() => {}) : cleanups.push(fn));
  const stop = async () => {
    stopped = true;
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        log(`  ${name}: cleanup step failed: ${err.message}`);
      }
    }
    cleanups.length = 0;
  };
  const result = { name, kind, available: false, streamAvailable: false, stop };
  // Handed over before anything starts, so an interrupted set-up is still cleaned up.
  track?.(result);
  try {
    if (!existsSync(entry)) throw new SetupError(`${entry} does not exist (build the server: npm run build -w server)`);
    const cwd = mkdtempSync(join(tmpdir(), 'sluice-bench-'));
    onCleanup(async () => rmSync(cwd, { recursive: true, force: true }));
    const port = await freePort();
    const env = gatewayEnv(port, workers);
    // bench/trace-gateway.cjs writes there (when preloaded through BENCH_GATEWAY_NODE_ARGS).
    if (process.env.BENCH_TRACE_DIR) env.BENCH_TRACE_DIR = process.env.BENCH_TRACE_DIR;
    // A copy built outside server/ (BENCH_SERVER_ENTRY) still needs the server's own packages
    // and the workspace's hoisted ones.
    const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const serverModules = join(repo, 'server', 'node_modules');
    if (!entry.startsWith(join(repo, 'server') + sep)) env.NODE_PATH = [serverModules, join(repo, 'node_modules')].join(delimiter);
    if (kind === 'postgres' || kind === 'mysql') {
      let db;
      try {
        db = kind === 'postgres' ? await createPgDatabase(log) : await createMysqlDatabase(log);
      } catch (err) {
        throw new SetupError(`${kind === 'postgres' ? `PostgreSQL at ${PG_URL}` : `MySQL at ${MYSQL_URL}`}: ${err.message}`);
      }
      onCleanup(db.drop);
      if (kind === 'postgres') result.pgDatabase = new URL(db.url).pathname.slice(1);
      const prefix = `sluice-bench-${randomBytes(4).toString('hex')}`;
      onCleanup(() => dropRedisPrefix(prefix));
      Object.assign(env, { DATABASE_URL: db.url, REDIS_URL, REDIS_PREFIX: prefix });
    }
    const proc = spawnNode(name, [...targetNodeArgs(), entry], { env, cwd, jsonReady: false, nice });
    onCleanup(() => proc.stop(10_000));
    result.pid = proc.pid;
    result.proc = proc;
    result.url = `http://127.0.0.1:${port}`;
    const t0 = Date.now();
    await waitReady(result.url, proc);
    log(`  ${name} up on ${result.url} (pid ${proc.pid}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const { key } = await configure(result.url, upstreamUrl, log);
    result.key = key;

    const p = await probe(result.url, key, BODIES.json);
    if (!p.ok) {
      result.reason = p.missing
        ? `relay route not available yet (POST /v1/chat/completions -> HTTP ${p.status})`
        : `POST /v1/chat/completions -> HTTP ${p.status}: ${p.text}`;
      if (p.missing) log(`gateway: relay route not available yet (${kind}: HTTP ${p.status})`);
      else log(`  ${name}: relay probe failed: ${result.reason}`);
      return result;
    }
    result.available = true;
    const s = await probe(result.url, key, BODIES.stream);
    if (s.ok && s.text.includes('data: [DONE]')) result.streamAvailable = true;
    else {
      result.streamReason = s.ok ? 'the stream did not end with data: [DONE]' : `stream probe -> HTTP ${s.status}: ${s.text}`;
      log(`  ${name}: streaming unavailable: ${result.streamReason}`);
    }
    // The Claude paths (issue 15): each is measured only when its probe answers as it should.
    const checks = {
      convJson: [CLAUDE_BODIES.json, '/v1/chat/completions', '"choices"'],
      convStream: [CLAUDE_BODIES.stream, '/v1/chat/completions', 'data: [DONE]'],
      msgJson: [CLAUDE_BODIES.msgJson, '/v1/messages', '"content"'],
      msgStream: [CLAUDE_BODIES.msgStream, '/v1/messages', 'event: message_stop'],
      msgGemini: [CROSS_BODIES.msgGemini, '/v1/messages', 'event: message_stop'],
      geminiClaude: [CROSS_BODIES.geminiClaude, GEMINI_CLAUDE_PATH, '"finishReason"'],
    };
    result.claude = {};
    for (const [id, [body, path, mark]] of Object.entries(checks)) {
      const c = await probe(result.url, key, body, path);
      if (c.ok && c.text.includes(mark)) result.claude[id] = { ok: true };
      else {
        result.claude[id] = { ok: false, reason: c.ok ? `answer without ${mark}` : `${path} -> HTTP ${c.status}: ${c.text}` };
        log(`  ${name}: Claude path ${id} unavailable: ${result.claude[id].reason}`);
      }
    }
    return result;
  } catch (err) {
    result.reason = err instanceof SetupError ? err.message : `${err.name}: ${err.message}`;
    log(`  ${name}: setup failed: ${result.reason}`);
    return result;
  }
}
