// The one place the widgets talk HTTP. Connected widgets receive a client made here (or
// any object with the same shape, e.g. a fake in tests), so no URL is hard-coded in a widget.
import {
  parseGroups,
  parseModelInfo,
  parseModelNames,
  parsePricingResponse,
  parseStatus,
  parseTokenPage,
  type TokenPage,
} from './parse';
import { isRecord } from './conform';
import { clientScope } from './keys';
import type { ApiBody, ApiQuery } from './schema';
import { ChatStreamError, SseParser, readChatChunk } from './sse';
import type {
  ChatCompletionRequest,
  ChatStreamEvent,
  GroupOption,
  ModelInfoVendor,
  PricingResponse,
  SiteStatus,
  TokenInput,
} from './types';

export interface SluiceClientOptions {
  /** Origin (and optional path prefix) of the Sluice server, e.g. "https://api.example.com". */
  baseUrl: string;
  /** Cookie policy for management calls; 'include' sends the session cookie cross-site. */
  credentials?: RequestCredentials;
  /** A relay key (`sk-...`): the playground then calls /v1/chat/completions with it. */
  apiKey?: string;
  /** Logged-in user id, sent as the New-Api-User header the management API requires. */
  userId?: number | string;
  /** Management access token (Authorization header), for pages without the session cookie. */
  accessToken?: string;
  /** First page number the server expects for `p` (the spec's lists are 0-based). */
  pageBase?: 0 | 1;
  /** Injected for tests and non-browser hosts. */
  fetch?: typeof fetch;
  /** Sent as Accept-Language on management calls, so server messages follow the host's language. */
  acceptLanguage?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a management call answered: `data`, the server's `message`, and the whole envelope. */
export interface ApiResult<T> {
  data: T;
  message: string;
  body: Record<string, unknown>;
}

export type SluiceClientMode = 'session' | 'apiKey';

export interface TokenListQuery {
  /** 1-based page as shown in the UI. */
  page: number;
  size: number;
}

export interface TokenSearchQuery {
  keyword: string;
  token: string;
}

export interface SluiceClient {
  readonly baseUrl: string;
  /** Server plus identity; prefixes the swr keys (see sluiceKeys). */
  readonly scope: string;
  /** 'apiKey' when a relay key was given: chat goes through /v1 and groups come from the key. */
  readonly mode: SluiceClientMode;
  getStatus(): Promise<SiteStatus>;
  getPricing(): Promise<PricingResponse>;
  getModelInfo(): Promise<ModelInfoVendor[]>;
  getGroups(): Promise<GroupOption[]>;
  getModels(group?: string): Promise<string[]>;
  listTokens(query: TokenListQuery): Promise<TokenPage>;
  searchTokens(query: TokenSearchQuery): Promise<TokenPage>;
  createToken(input: TokenInput): Promise<void>;
  updateToken(id: number, input: TokenInput): Promise<void>;
  setTokenStatus(id: number, status: 1 | 2): Promise<void>;
  deleteToken(id: number): Promise<void>;
  getTokenChannelDescription(): Promise<string>;
  getDebugDocument(): Promise<string>;
  /**
   * Any management call (`/api/...`) under the `{success, message, data}` envelope. The caller types
   * `data` (the console parses it per domain); a failure throws SluiceApiError with the server's message.
   */
  request<T = unknown>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T>>;
  /** A management GET that answers a file (a CSV export): the bytes, or SluiceApiError. */
  download(path: string): Promise<Blob>;
  /** Streams a chat reply; ends after a 'done' event. Throws SluiceApiError or ChatStreamError. */
  streamChat(request: ChatCompletionRequest, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent, void, void>;
}

/** A failed call: `success: false`, a non-2xx status, or no connection (status 0). */
export class SluiceApiError extends Error {
  override readonly name = 'SluiceApiError';
  constructor(
    message: string,
    readonly status: number,
    /** Seconds to wait before trying again, from a rate-limited answer's Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds (the delta form the server sends); undefined when absent or a date. */
function retryAfterOf(response: Response): number | undefined {
  const value = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}

/** Message used when the network itself fails; widgets translate it. */
export const NETWORK_ERROR = 'network-error';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function errorMessageOf(body: unknown, fallback: string): string {
  if (isRecord(body)) {
    if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
    if (typeof body.message === 'string' && body.message !== '') return body.message;
  }
  return fallback;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SluiceApiError(response.ok ? 'invalid JSON response' : `HTTP ${response.status}`, response.status);
  }
}

export function createSluiceClient(options: SluiceClientOptions): SluiceClient {
  const baseUrl = trimSlash(options.baseUrl);
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const mode: SluiceClientMode = options.apiKey ? 'apiKey' : 'session';
  const pageBase = options.pageBase ?? 0;
  const relayKey = options.apiKey?.startsWith('sk-') ? options.apiKey : options.apiKey ? `sk-${options.apiKey}` : '';

  function managementHeaders(json: boolean): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    if (json) headers.set('Content-Type', 'application/json');
    if (options.userId !== undefined) headers.set('New-Api-User', String(options.userId));
    if (options.accessToken) headers.set('Authorization', options.accessToken);
    if (options.acceptLanguage) headers.set('Accept-Language', options.acceptLanguage);
    return headers;
  }

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(`${baseUrl}${path}`, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new SluiceApiError(NETWORK_ERROR, 0);
    }
  }

  /** A management call: returns the whole body after checking the envelope. */
  async function callRaw(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await send(path, {
      method,
      headers: managementHeaders(body !== undefined),
      credentials: options.credentials ?? 'include',
      body: body === undefined ? null : JSON.stringify(body),
    });
    const parsed = await readJson(response).catch((error: unknown) => {
      if (response.ok) throw error;
      return undefined;
    });
    if (!response.ok) throw new SluiceApiError(errorMessageOf(parsed, `HTTP ${response.status}`), response.status, retryAfterOf(response));
    if (!isRecord(parsed)) throw new SluiceApiError('invalid response', response.status);
    if (parsed.success !== true) throw new SluiceApiError(errorMessageOf(parsed, 'request failed'), response.status);
    return parsed;
  }

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    return (await callRaw(method, path, body)).data;
  }

  function relayHeaders(): Headers {
    return new Headers({ Accept: 'application/json', Authorization: `Bearer ${relayKey}` });
  }

  async function* streamChat(
    request: ChatCompletionRequest,
    signal?: AbortSignal,
  ): AsyncGenerator<ChatStreamEvent, void, void> {
    const { group, ...openai } = request;
    // The playground route takes the group; the /v1 route gets it from the key.
    const body = mode === 'apiKey' ? { ...openai, stream: true } : { ...openai, group, stream: true };
    const headers = mode === 'apiKey' ? relayHeaders() : managementHeaders(true);
    headers.set('Content-Type', 'application/json');
    headers.set('Accept', 'text/event-stream');
    const init: RequestInit = {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      credentials: mode === 'apiKey' ? 'omit' : (options.credentials ?? 'include'),
    };
    if (signal) init.signal = signal;
    const response = await send(mode === 'apiKey' ? '/v1/chat/completions' : '/pg/chat/completions', init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('text/event-stream') || response.body === null) {
      const parsed = await readJson(response).catch(() => undefined);
      throw new ChatStreamError(errorMessageOf(parsed, `HTTP ${response.status}`));
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        const messages = done ? [...parser.feed(decoder.decode()), ...parser.end()] : parser.feed(decoder.decode(value, { stream: true }));
        for (const message of messages) {
          for (const event of readChatChunk(message.data)) {
            yield event;
            if (event.type === 'done') return;
          }
        }
        if (done) break;
      }
      // A stream closed without [DONE] still ends the reply normally.
      yield { type: 'done' };
    } finally {
      reader.cancel().catch(() => undefined);
    }
  }

  return {
    baseUrl,
    scope: clientScope({ baseUrl, apiKey: options.apiKey, userId: options.userId, accessToken: options.accessToken }),
    mode,
    async getStatus() {
      return parseStatus(await call('GET', '/api/status'));
    },
    async getPricing() {
      return parsePricingResponse(await callRaw('GET', '/api/pricing'));
    },
    async getModelInfo() {
      return parseModelInfo(await call('GET', '/api/model-info'));
    },
    async getGroups() {
      // A relay key fixes the group on the server side; there is nothing to choose.
      if (mode === 'apiKey') return [];
      try {
        return parseGroups(await call('GET', '/api/user/self/groups'));
      } catch (error) {
        if (error instanceof SluiceApiError && error.status === 0) throw error;
        return parseGroups(await call('GET', '/api/groups/token'));
      }
    },
    async getModels(group) {
      if (mode === 'apiKey') {
        const response = await send('/v1/models', { headers: relayHeaders(), credentials: 'omit' });
        const parsed = await readJson(response);
        if (!response.ok) throw new SluiceApiError(errorMessageOf(parsed, `HTTP ${response.status}`), response.status);
        return parseModelNames(parsed);
      }
      const query = group ? `?group=${encodeURIComponent(group)}` : '';
      return parseModelNames(await call('GET', `/api/user/models${query}`));
    },
    async listTokens({ page, size }) {
      const query: ApiQuery<'/api/token', 'get'> = { p: String(page - 1 + pageBase), size: String(size) };
      return parseTokenPage(await call('GET', `/api/token/?${new URLSearchParams(query).toString()}`));
    },
    async searchTokens({ keyword, token }) {
      const query: ApiQuery<'/api/token/search', 'get'> = { keyword, token };
      const q = new URLSearchParams(query);
      return parseTokenPage(await call('GET', `/api/token/search?${q.toString()}`));
    },
    async createToken(input) {
      await call('POST', '/api/token/', input satisfies ApiBody<'/api/token', 'post'>);
    },
    async updateToken(id, input) {
      await call('PUT', '/api/token/', { ...input, id } satisfies ApiBody<'/api/token', 'put'>);
    },
    async setTokenStatus(id, status) {
      await call('PUT', '/api/token/?status_only=true', { id, status } satisfies ApiBody<'/api/token', 'put'>);
    },
    async deleteToken(id) {
      await call('DELETE', `/api/token/${id}/`);
    },
    async getTokenChannelDescription() {
      const data = await call('GET', '/api/token-channel-description');
      return typeof data === 'string' ? data : '';
    },
    async getDebugDocument() {
      const data = await call('GET', '/api/debug-document');
      return typeof data === 'string' ? data : '';
    },
    async request<T>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T>> {
      const raw = await callRaw(method, path, body);
      return { data: raw.data as T, message: typeof raw.message === 'string' ? raw.message : '', body: raw };
    },
    async download(path: string): Promise<Blob> {
      const response = await send(path, {
        method: 'GET',
        headers: managementHeaders(false),
        credentials: options.credentials ?? 'include',
      });
      if (!response.ok) {
        const parsed = await readJson(response).catch(() => undefined);
        throw new SluiceApiError(errorMessageOf(parsed, `HTTP ${response.status}`), response.status);
      }
      return response.blob();
    },
    streamChat,
  };
}

export type { TokenPage };
