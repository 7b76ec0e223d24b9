import type { IncomingMessage, ServerResponse } from 'node:http';
import { LoopbackFake, jsonObject, readBody, sendJson, sendText } from './fake-server';

export type SunoOutcome = 'success' | 'failure' | 'never';

/** What the next submit answers. */
export type SunoSubmitScript =
  | { kind: 'accept'; outcome?: SunoOutcome }
  | { kind: 'refuse'; code: string; message: string }
  | { kind: 'http'; status: number }
  | { kind: 'garbage' }
  | { kind: 'close' };

export interface SunoRecordedCall {
  method: string;
  path: string;
  authorization: string;
  body: Record<string, unknown> | null;
}

interface FakeSunoTask {
  id: string;
  action: string;
  outcome: SunoOutcome;
  polls: number;
  submitTime: number;
}

/**
 * Suno-API (the task server new-api relays to) on loopback: `POST /suno/submit/music|lyrics`
 * answers `{code:"success", message, data:"<task id>"}`, `POST /suno/fetch {ids}` answers
 * `{code:"success", data:[{task_id, action, status, fail_reason, submit_time, start_time,
 * finish_time, progress, data}]}`. The channel key must come as `Authorization: Bearer`.
 * Programmable per submit; tasks move one step per fetch (IN_PROGRESS, then SUCCESS or FAILURE).
 */
export class FakeSuno extends LoopbackFake {
  readonly calls: SunoRecordedCall[] = [];
  readonly tasks = new Map<string, FakeSunoTask>();
  private readonly queue: SunoSubmitScript[] = [];
  private seq = 0;

  constructor(
    readonly key: string,
    readonly label = 'suno',
  ) {
    super();
  }

  script(...s: SunoSubmitScript[]): this {
    this.queue.push(...s);
    return this;
  }

  submits(): SunoRecordedCall[] {
    return this.calls.filter((c) => c.path.startsWith('/suno/submit/'));
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    const body = jsonObject((await readBody(req)).toString('utf8'));
    const authorization = String(req.headers.authorization ?? '');
    this.calls.push({ method: req.method ?? '', path, authorization, body });
    if (authorization !== `Bearer ${this.key}`) return sendJson(res, 401, { code: 'unauthorized', message: 'bad key', data: null });
    const submit = /^\/suno\/submit\/(music|lyrics)$/.exec(path);
    if (req.method === 'POST' && submit) return this.submit((submit[1] as string).toUpperCase(), res);
    if (req.method === 'POST' && path === '/suno/fetch') {
      const ids = Array.isArray(body?.ids) ? (body?.ids as unknown[]) : [];
      const data = ids.map((id) => this.tasks.get(String(id))).filter((t): t is FakeSunoTask => !!t).map((t) => this.advance(t));
      return sendJson(res, 200, { code: 'success', message: '', data });
    }
    sendJson(res, 404, { code: 'not_found', message: 'not found', data: null });
  }

  private submit(action: string, res: ServerResponse): void {
    const s = this.queue.shift() ?? { kind: 'accept' };
    switch (s.kind) {
      case 'http':
        return sendJson(res, s.status, { code: 'error', message: 'upstream trouble', data: null });
      case 'garbage':
        return sendText(res, 200, '<html>oops</html>', 'text/html');
      case 'close':
        res.socket?.destroy();
        return;
      case 'refuse':
        return sendJson(res, 200, { code: s.code, message: s.message, data: null });
      case 'accept': {
        this.seq += 1;
        const id = `${this.label}-${Date.now()}-${this.seq}`;
        this.tasks.set(id, { id, action, outcome: s.outcome ?? 'success', polls: 0, submitTime: Math.floor(Date.now() / 1000) });
        return sendJson(res, 200, { code: 'success', message: '', data: id });
      }
    }
  }

  private advance(t: FakeSunoTask): Record<string, unknown> {
    t.polls += 1;
    const base = { task_id: t.id, action: t.action, submit_time: t.submitTime, start_time: t.submitTime, finish_time: 0, fail_reason: '' };
    if (t.outcome === 'never' || t.polls === 1) return { ...base, status: 'IN_PROGRESS', progress: '40%', data: [] };
    if (t.outcome === 'failure') return { ...base, status: 'FAILURE', progress: '40%', finish_time: t.submitTime + 5, fail_reason: 'content policy', data: [] };
    return {
      ...base,
      status: 'SUCCESS',
      progress: '100%',
      finish_time: t.submitTime + 5,
      data: t.action === 'LYRICS' ? { title: 'song', text: '[Verse]\nla la' } : [{ id: `${t.id}-clip`, audio_url: `${this.url}/audio/${t.id}.mp3`, title: 'song' }],
    };
  }
}
