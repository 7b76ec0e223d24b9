import { Injectable } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { OutboundClient, OutboundError } from '../outbound/outbound.service';

/** Largest task-server answer read (lists of tasks with their URLs and buttons). */
const MAX_ANSWER = 8 * 1024 * 1024;

export interface UpstreamAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  json: unknown;
}

/** The upstream failed before answering: connect error, timeout, closed, too large. */
export class TaskTransportError extends Error {
  constructor(readonly kind: OutboundError['kind'] | 'unknown', message: string) {
    super(message);
    this.name = 'TaskTransportError';
  }
}

/**
 * Calls a task server (midjourney-proxy, Suno-API) through the one outbound client: private
 * targets only when root allowed private upstreams, answers read whole under a cap.
 */
@Injectable()
export class TaskUpstream {
  constructor(
    private readonly http: OutboundClient,
    private readonly options: OptionsService,
  ) {}

  async call(method: 'GET' | 'POST', url: string, headers: Record<string, string>, body: unknown, timeoutMs: number): Promise<UpstreamAnswer> {
    try {
      const res = await this.http.request({
        url,
        method,
        headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'),
        timeouts: { headersMs: timeoutMs, idleMs: timeoutMs, totalMs: timeoutMs },
      });
      const text = await this.http.readText(res, MAX_ANSWER);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: res.status, json };
    } catch (err) {
      if (err instanceof OutboundError) throw new TaskTransportError(err.kind, err.message);
      throw new TaskTransportError('unknown', (err as Error)?.message ?? String(err));
    }
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
