import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake, jsonObject, readBody, sendJson, sendText } from './fake-server';

/** How a fake task ends as it is polled: success after one IN_PROGRESS poll, failure, or never. */
export type MjOutcome = 'success' | 'failure' | 'never';

/** What the next submit answers. */
export type MjSubmitScript =
  | { kind: 'accept'; code?: 1 | 21 | 22; outcome?: MjOutcome }
  | { kind: 'refuse'; code: number; description: string }
  | { kind: 'http'; status: number }
  | { kind: 'garbage' }
  | { kind: 'close' }
  | { kind: 'hang' };

export interface MjRecordedCall {
  method: string;
  path: string;
  secret: string;
  body: Record<string, unknown> | null;
}

interface FakeTask {
  id: string;
  action: string;
  prompt: string;
  outcome: MjOutcome;
  polls: number;
  submitTime: number;
}

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * midjourney-proxy on loopback, speaking its public API: `POST /mj/submit/*` and
 * `/mj/insight-face/swap` answer `{code, description, result, properties}`,
 * `POST /mj/task/list-by-condition {ids}` and `GET /mj/task/:id/fetch` answer task objects,
 * `GET /mj/task/:id/image-seed`, and the result images under `/images/`. Every call must carry
 * the channel key as `mj-api-secret`. Programmable per submit (`script`); tasks progress as they
 * are listed (IN_PROGRESS 50%, then SUCCESS with an image, or FAILURE with a reason).
 */
export class FakeMidjourney extends LoopbackFake {
  readonly calls: MjRecordedCall[] = [];
  readonly tasks = new Map<string, FakeTask>();
  private readonly queue: MjSubmitScript[] = [];
  private seq = 0;
  /** Answer for `/images/*`: the PNG, a redirect, or a non-image. */
  imageMode: 'png' | 'redirect' | 'html' = 'png';

  constructor(readonly secret: string) {
    super();
  }

  /** Queues the answer of the next submit (default: accept with code 1, succeeding). */
  script(...s: MjSubmitScript[]): this {
    this.queue.push(...s);
    return this;
  }

  submits(): MjRecordedCall[] {
    return this.calls.filter((c) => c.path.startsWith('/mj/submit/') || c.path === '/mj/insight-face/swap');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    const body = jsonObject((await readBody(req)).toString('utf8'));
    const secret = String(req.headers['mj-api-secret'] ?? '');
    this.calls.push({ method: req.method ?? '', path, secret, body });
    if (path.startsWith('/images/')) return this.image(res);
    if (secret !== this.secret) return sendJson(res, 401, { code: 4, description: 'invalid mj-api-secret' });
    if (req.method === 'POST' && (path.startsWith('/mj/submit/') || path === '/mj/insight-face/swap')) return this.submit(path, body ?? {}, res);
    if (req.method === 'POST' && path === '/mj/task/list-by-condition') {
      const ids = Array.isArray(body?.ids) ? (body?.ids as unknown[]) : [];
      return sendJson(res, 200, ids.map((id) => this.tasks.get(String(id))).filter((t): t is FakeTask => !!t).map((t) => this.advance(t)));
    }
    const fetch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
    if (req.method === 'GET' && fetch) {
      const t = this.tasks.get(decodeURIComponent(fetch[1] as string));
      return t ? sendJson(res, 200, this.view(t)) : sendJson(res, 404, { code: 4, description: 'task not found' });
    }
    const seed = /^\/mj\/task\/([^/]+)\/image-seed$/.exec(path);
    if (req.method === 'GET' && seed) {
      const t = this.tasks.get(decodeURIComponent(seed[1] as string));
      return t ? sendJson(res, 200, { code: 1, description: '成功', result: `seed-${t.id}` }) : sendJson(res, 404, { code: 4, description: 'task not found' });
    }
    sendJson(res, 404, { code: 4, description: 'not found' });
  }

  private submit(path: string, body: Record<string, unknown>, res: ServerResponse): void {
    const s = this.queue.shift() ?? { kind: 'accept' };
    switch (s.kind) {
      case 'http':
        return sendJson(res, s.status, { error: 'upstream trouble' });
      case 'garbage':
        return sendText(res, 200, '<html>bad gateway</html>', 'text/html');
      case 'close':
        res.socket?.destroy();
        return;
      case 'hang':
        return;
      case 'refuse':
        return sendJson(res, 200, { code: s.code, description: s.description, result: null, properties: {} });
      case 'accept': {
        this.seq += 1;
        const id = `${Date.now()}${String(this.seq).padStart(4, '0')}`;
        const action = path === '/mj/insight-face/swap' ? 'SWAP_FACE' : (path.split('/').pop() ?? '').toUpperCase();
        this.tasks.set(id, { id, action, prompt: typeof body.prompt === 'string' ? body.prompt : '', outcome: s.outcome ?? 'success', polls: 0, submitTime: Date.now() });
        const code = s.code ?? 1;
        return sendJson(res, 200, { code, description: code === 1 ? '提交成功' : code === 21 ? '任务已存在' : '排队中', result: id, properties: { discordInstanceId: 'fake' } });
      }
    }
  }

  /** One poll: the task moves one step. */
  private advance(t: FakeTask): Record<string, unknown> {
    t.polls += 1;
    return this.view(t);
  }

  private view(t: FakeTask): Record<string, unknown> {
    const base = { id: t.id, action: t.action, prompt: t.prompt, promptEn: t.prompt, description: '', state: '', submitTime: t.submitTime, buttons: [], properties: { finalPrompt: t.prompt } };
    if (t.polls === 0) return { ...base, status: 'SUBMITTED', progress: '0%', startTime: 0, finishTime: 0, imageUrl: '', failReason: '' };
    if (t.outcome === 'never' || t.polls === 1) return { ...base, status: 'IN_PROGRESS', progress: '50%', startTime: t.submitTime + 1, finishTime: 0, imageUrl: '', failReason: '' };
    if (t.outcome === 'failure') return { ...base, status: 'FAILURE', progress: '50%', startTime: t.submitTime + 1, finishTime: t.submitTime + 2, imageUrl: '', failReason: 'banned prompt detected' };
    return {
      ...base,
      status: 'SUCCESS',
      progress: '100%',
      startTime: t.submitTime + 1,
      finishTime: t.submitTime + 2,
      imageUrl: `${this.url}/images/${t.id}.png`,
      failReason: '',
      buttons: [{ customId: `MJ::JOB::upsample::1::${t.id}`, emoji: '', label: 'U1', type: 2, style: 2 }],
    };
  }

  private image(res: ServerResponse): void {
    if (this.imageMode === 'redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    if (this.imageMode === 'html') return sendText(res, 200, '<html></html>', 'text/html');
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(PNG_1X1.length) });
    res.end(PNG_1X1);
  }
}
