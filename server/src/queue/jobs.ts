/**
 * Every background job: name -> payload. Producers and processors are checked against this map.
 * Payloads carry ids, never entities. Later modules add their jobs here.
 */
export interface JobMap {
  /** Send one e-mail (quota reminders, notifications). */
  'mail.send': { to: string; subject: string; html: string };
  /** Remove expired sessions and verification codes. */
  'auth.cleanup': Record<string, never>;
  /** Write one log CSV export (logs module). */
  'logs.export': { exportId: number };
  /** Remove log exports past their retention (logs module). */
  'logs.export_cleanup': Record<string, never>;
  /** Sum consume logs into quota_data hour buckets (dashboard module). */
  'dashboard.aggregate': Record<string, never>;
  /** Test every enabled and auto-disabled channel (channels module). */
  'channels.test_all': { notify: boolean };
  /** Refresh the upstream balance of every enabled channel (channels module). */
  'channels.balance_all': Record<string, never>;
  /** Settle or refund relay holds orphaned by a crash (billing module). */
  'billing.sweep': Record<string, never>;
  /** Mark online top-up orders pending past TOPUP_ORDER_TTL_MINUTES expired (payments module). */
  'payments.expire': Record<string, never>;
  /** Poll unfinished Midjourney tasks, fail and refund the dead ones (tasks module). */
  'tasks.poll_midjourney': Record<string, never>;
  /** Poll unfinished Suno tasks, fail and refund the dead ones (tasks module). */
  'tasks.poll_suno': Record<string, never>;
  /** Remove audit rows older than AuditRetentionDays (audit module). */
  'audit.prune': Record<string, never>;
}

export type JobName = keyof JobMap;

export interface JobContext {
  id: string;
  attempt: number;
}

export type JobProcessor<N extends JobName> = (payload: JobMap[N], ctx: JobContext) => Promise<unknown>;

export interface EnqueueOptions {
  /** Deterministic id: a second enqueue with the same id while the first is known is a no-op. */
  jobId?: string;
  delayMs?: number;
  /** Total attempts including the first (default 3). */
  attempts?: number;
}

export interface ProcessorOptions {
  concurrency?: number;
}

/** Implemented by the BullMQ driver (Redis) and the in-process driver (embedded default). */
export interface QueueDriver {
  readonly kind: 'bullmq' | 'memory';
  register<N extends JobName>(name: N, processor: JobProcessor<N>, opts?: ProcessorOptions): void;
  enqueue<N extends JobName>(name: N, payload: JobMap[N], opts?: EnqueueOptions): Promise<void>;
  /** A repeating job; `everyMs` apart. Idempotent by name on every node. */
  repeat<N extends JobName>(name: N, payload: JobMap[N], everyMs: number): Promise<void>;
  cancelRepeat(name: JobName): Promise<void>;
  /** Resolves when no job is waiting or running; delayed and repeating jobs do not count (tests). */
  idle(timeoutMs?: number): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const QUEUE_DRIVER = Symbol('QUEUE_DRIVER');
