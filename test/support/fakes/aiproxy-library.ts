import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { ScriptedFake, jsonObject, readBody, sendJson, sseFrame, startEventStream } from './fake-server';

/**
 * A loopback AI Proxy library API (`POST /api/library/ask`): the key as a Bearer token (else 401),
 * `{model, query, libraryId, stream}`; an unknown library is `{success: false, errCode, errMsg}`
 * in a 200; answers `{success: true, answer, documents: [{title, url}]}`, or SSE `data:`
 * `{content, finish, model, documents}` chunks, the documents on the last.
 */

export interface RecordedLibraryRequest {
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
}

export type LibraryScript = { kind: 'error'; status: number; body: Record<string, unknown> };

const DOCS = [{ title: 'Getting started', url: 'https://docs.example/start' }];

export class FakeLibrary extends ScriptedFake<RecordedLibraryRequest, LibraryScript> {
  constructor(readonly options: { key: string; libraryId: string; reply?: string }) {
    super('AI Proxy Library');
  }

  protected override async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = jsonObject((await readBody(req)).toString('utf8'));
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    this.requests.push({ path, headers: req.headers, json });
    if (req.method !== 'POST' || path !== '/api/library/ask') return sendJson(res, 404, { success: false, errCode: 404, errMsg: 'not found' });
    if (req.headers.authorization !== `Bearer ${this.options.key}`) return sendJson(res, 401, { success: false, errCode: 401, errMsg: 'invalid api key' });
    const script = this.once.shift();
    if (script) return sendJson(res, script.status, script.body);
    if (!json || typeof json.query !== 'string' || typeof json.model !== 'string') return sendJson(res, 200, { success: false, errCode: 400, errMsg: 'query and model are required' });
    if (json.libraryId !== this.options.libraryId) return sendJson(res, 200, { success: false, errCode: 1001, errMsg: 'library not found' });
    const text = this.options.reply ?? 'Hello from the library.';
    if (json.stream !== true) return sendJson(res, 200, { success: true, answer: text, documents: DOCS });
    startEventStream(res);
    for (const piece of text.split(/(?<= )/)) res.write(sseFrame({ content: piece, finish: false, model: json.model }));
    res.end(sseFrame({ content: '', finish: true, model: json.model, documents: DOCS }));
  }
}
