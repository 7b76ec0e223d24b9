// Loopback fake of the Sluice server for the embed demo and its browser test. It speaks
// the real shapes (envelopes, /api/pricing's top-level group_ratio, bare token arrays,
// OpenAI SSE chunks) and serves the demo page from a second origin, so the embed runs
// cross-origin exactly as on a customer's site (CORS with credentials).
//
//   node ui-kit/demo/fake-server.mjs            # API on :8787, demo page on :8788
//   SLUICE_DEMO_API_PORT=0 SLUICE_DEMO_PAGE_PORT=0 node ui-kit/demo/fake-server.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  debugDocument,
  fakeKey,
  groupDescriptions,
  groupRatio,
  initialTokens,
  makeStatus,
  modelInfo,
  pricingItems,
  replyPieces,
  tokenChannelDescription,
} from './fake-data.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const kitRoot = join(here, '..');

function sendJson(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const ok = (data) => ({ success: true, message: '', data });
const fail = (message) => ({ success: false, message });

function readBody(req) {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch {
        resolve({});
      }
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server.address().port));
  });
}

/**
 * Starts the API and the page server. `tokenDelayMs` spaces the streamed pieces so a
 * browser can see the reply grow.
 */
export async function startFakeServer({ apiPort = 0, pagePort = 0, host = '127.0.0.1', tokenDelayMs = 120 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  let tokens = initialTokens(now);
  let nextId = 100;
  let apiUrl = '';

  async function streamReply(req, res, body) {
    const last = Array.isArray(body.messages) ? body.messages.at(-1) : undefined;
    const userText = typeof last?.content === 'string' ? last.content : '';
    const model = typeof body.model === 'string' ? body.model : 'gpt-4o-mini';
    if (model === 'fail-model') {
      sendJson(res, 400, { error: { message: `模型 ${model} 无可用渠道`, type: 'new_api_error', param: '', code: null } });
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
    });
    const id = `chatcmpl-${Date.now()}`;
    const chunk = (delta, finish = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: now, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }));
    let closed = false;
    req.on('close', () => (closed = true));
    for (const piece of replyPieces(userText)) {
      if (closed) return;
      await sleep(tokenDelayMs);
      res.write(chunk({ content: piece }));
    }
    res.write(chunk({}, 'stop'));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  function requireUser(req, res) {
    const user = req.headers['new-api-user'];
    if (!user) {
      sendJson(res, 401, fail('无权进行此操作，未提供 New-Api-User'));
      return false;
    }
    if (!/^\d+$/.test(String(user))) {
      sendJson(res, 401, fail('无权进行此操作，New-Api-User 格式错误'));
      return false;
    }
    return true;
  }

  function requireKey(req, res) {
    const auth = String(req.headers.authorization ?? '');
    if (!/^Bearer sk-\S+$/.test(auth)) {
      sendJson(res, 401, { error: { message: '未提供令牌', type: 'new_api_error', param: '', code: null } });
      return false;
    }
    return true;
  }

  function tokenFromBody(body, id) {
    return {
      id,
      name: String(body.name ?? ''),
      key: fakeKey(id),
      status: 1,
      remain_quota: Number(body.remain_quota ?? 500000),
      used_quota: 0,
      unlimited_quota: Boolean(body.unlimited_quota),
      expired_time: Number(body.expired_time ?? -1),
      created_time: Math.floor(Date.now() / 1000),
      group: String(body.group ?? ''),
      model_limits_enabled: Boolean(body.model_limits_enabled),
      model_limits: String(body.model_limits ?? ''),
      ip_limits: String(body.ip_limits ?? ''),
      rate_limit_enabled: Boolean(body.rate_limit_enabled),
      rate_limit_interval: Number(body.rate_limit_interval ?? 1),
      rate_limit_count: Number(body.rate_limit_count ?? 1),
    };
  }

  async function handleApi(req, res) {
    const url = new URL(req.url ?? '/', apiUrl);
    const path = url.pathname;
    const method = req.method ?? 'GET';

    // CORS for the embedding page: echo the origin so cookies (credentials: 'include') work.
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET,POST,PUT,DELETE,OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type,Authorization,New-Api-User,Accept',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }

    if (method === 'GET' && path === '/api/status') return sendJson(res, 200, ok(makeStatus(apiUrl)));
    if (method === 'GET' && path === '/api/pricing') {
      return sendJson(res, 200, { success: true, data: pricingItems, group_ratio: groupRatio, usable_group: groupDescriptions });
    }
    if (method === 'GET' && path === '/api/model-info') return sendJson(res, 200, ok(JSON.stringify(modelInfo)));
    if (method === 'GET' && path === '/api/groups/token') return sendJson(res, 200, ok(groupDescriptions));
    if (method === 'GET' && path === '/api/debug-document') return sendJson(res, 200, ok(debugDocument));
    if (method === 'GET' && path === '/api/token-channel-description') {
      return sendJson(res, 200, ok(tokenChannelDescription));
    }

    if (path === '/v1/models' && method === 'GET') {
      if (!requireKey(req, res)) return;
      return sendJson(res, 200, { object: 'list', data: pricingItems.map((i) => ({ id: i.model_name, object: 'model', owned_by: 'sluice' })) });
    }
    if (path === '/v1/chat/completions' && method === 'POST') {
      if (!requireKey(req, res)) return;
      return streamReply(req, res, await readBody(req));
    }

    // Everything below is a management route.
    if (!requireUser(req, res)) return;
    if (path === '/pg/chat/completions' && method === 'POST') return streamReply(req, res, await readBody(req));
    if (method === 'GET' && path === '/api/user/self/groups') {
      const data = Object.fromEntries(Object.entries(groupRatio).map(([g, ratio]) => [g, { ratio, desc: groupDescriptions[g] }]));
      return sendJson(res, 200, ok(data));
    }
    if (method === 'GET' && path === '/api/user/models') {
      const group = url.searchParams.get('group');
      const names = pricingItems.filter((i) => !group || i.enable_groups.includes(group)).map((i) => i.model_name);
      return sendJson(res, 200, ok(names));
    }
    if (method === 'GET' && path === '/api/token/') {
      const p = Number(url.searchParams.get('p') ?? 0);
      const size = Number(url.searchParams.get('size') ?? 10);
      const sorted = [...tokens].sort((a, b) => b.id - a.id);
      return sendJson(res, 200, ok(sorted.slice(p * size, p * size + size)));
    }
    if (method === 'GET' && path === '/api/token/search') {
      const keyword = url.searchParams.get('keyword') ?? '';
      const key = (url.searchParams.get('token') ?? '').replace(/^sk-/, '');
      return sendJson(res, 200, ok(tokens.filter((t) => t.name.includes(keyword) && t.key.includes(key))));
    }
    if (method === 'POST' && path === '/api/token/') {
      const body = await readBody(req);
      if (!body.group) return sendJson(res, 200, fail('请选择令牌分组'));
      tokens.push(tokenFromBody(body, nextId++));
      return sendJson(res, 200, ok(undefined));
    }
    if (method === 'PUT' && path === '/api/token/') {
      const body = await readBody(req);
      const index = tokens.findIndex((t) => t.id === body.id);
      if (index === -1) return sendJson(res, 200, fail('令牌不存在'));
      const current = tokens[index];
      tokens[index] = url.searchParams.get('status_only')
        ? { ...current, status: Number(body.status) }
        : { ...tokenFromBody(body, current.id), key: current.key, status: current.status, used_quota: current.used_quota, created_time: current.created_time };
      return sendJson(res, 200, ok(tokens[index]));
    }
    const del = /^\/api\/token\/(\d+)\/?$/.exec(path);
    if (method === 'DELETE' && del) {
      const id = Number(del[1]);
      tokens = tokens.filter((t) => t.id !== id);
      return sendJson(res, 200, ok(undefined));
    }
    sendJson(res, 404, fail(`not found: ${method} ${path}`));
  }

  const api = createServer((req, res) => {
    handleApi(req, res).catch((error) => sendJson(res, 500, fail(String(error))));
  });

  const page = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const serve = async () => {
      if (path === '/' || path === '/index.html') {
        const html = await readFile(join(here, 'index.html'), 'utf8');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(html.replaceAll('__SLUICE_BASE_URL__', apiUrl));
        return;
      }
      if (path === '/sluice-embed.js') {
        const js = await readFile(join(kitRoot, 'dist', 'embed', 'sluice-embed.js'));
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(js);
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    };
    serve().catch((error) => {
      res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(`demo page error: ${String(error)} (run "npm run build:embed -w ui-kit" first)`);
    });
  });

  const boundApi = await listen(api, apiPort, host);
  apiUrl = `http://${host}:${boundApi}`;
  const boundPage = await listen(page, pagePort, host);
  const pageUrl = `http://${host}:${boundPage}`;

  const close = () =>
    Promise.all(
      [api, page].map(
        (s) =>
          new Promise((resolve) => {
            s.closeAllConnections?.();
            s.close(() => resolve());
          }),
      ),
    ).then(() => undefined);

  return { apiUrl, pageUrl, close };
}

// Run directly: start with fixed ports (overridable) and keep running.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { apiUrl, pageUrl } = await startFakeServer({
    apiPort: Number(process.env.SLUICE_DEMO_API_PORT ?? 8787),
    pagePort: Number(process.env.SLUICE_DEMO_PAGE_PORT ?? 8788),
  });
  console.log(`Sluice fake API:  ${apiUrl}`);
  console.log(`Embed demo page:  ${pageUrl}`);
}
