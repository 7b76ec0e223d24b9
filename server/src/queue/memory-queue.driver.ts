import { Logger } from '@nestjs/common';
import type {
  EnqueueOptions,
  JobContext,
  JobMap,
  JobName,
  JobProcessor,
  ProcessorOptions,
  QueueCounts,
  QueueDriver,
} from './jobs';

interface Pending {
  name: JobName;
  payload: unknown;
  id: string;
  attempt: number;
  attempts: number;
}

interface Registered {
  processor: JobProcessor<JobName>;
  concurrency: number;
  running: number;
  queue: Pending[];
  /** Waiting for a delay or a retry backoff. */
  delayed: number;
  /** Given up after the last attempt, since start. */
  failed: number;
}

const FINISHED_TTL_MS = 60 * 60 * 1000;
const FINISHED_MAX = 10_000;

/**
 * In-process queue for the embedded single-node default. Same processors, same job ids,
 * retries with exponential backoff; lost on restart (which is why money never waits on it).
 */
export class MemoryQueueDriver implements QueueDriver {
  readonly kind = 'memory' as const;
  private readonly logger = new Logger('Queue');
  private readonly processors = new Map<JobName, Registered>();
  /** Ids waiting or running. */
  private readonly known = new Set<string>();
  /** Ids finished recently: like BullMQ's kept completed jobs, a re-enqueue is a no-op (1 h). */
  private readonly finished = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly repeats = new Map<JobName, NodeJS.Timeout>();
  private readonly waiters = new Set<() => void>();
  private delayed = 0;
  private seq = 0;
  private started = false;
  private closed = false;

  register<N extends JobName>(name: N, processor: JobProcessor<N>, opts: ProcessorOptions = {}): void {
    this.processors.set(name, {
      processor: processor as unknown as JobProcessor<JobName>,
      concurrency: opts.concurrency ?? 1,
      running: 0,
      queue: [],
      delayed: 0,
      failed: 0,
    });
  }

  async start(): Promise<void> {
    this.started = true;
    for (const name of this.processors.keys()) this.pump(name);
  }

  async enqueue<N extends JobName>(name: N, payload: JobMap[N], opts: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return;
    const id = opts.jobId ?? `${name}:${++this.seq}`;
    if (this.known.has(id) || this.recentlyFinished(id)) return;
    this.known.add(id);
    const job: Pending = { name, payload, id, attempt: 1, attempts: opts.attempts ?? 3 };
    if (opts.delayMs && opts.delayMs > 0) this.later(name, opts.delayMs, () => this.push(job));
    else this.push(job);
  }

  async repeat<N extends JobName>(name: N, payload: JobMap[N], everyMs: number): Promise<void> {
    await this.cancelRepeat(name);
    const timer = setInterval(() => {
      void this.enqueue(name, payload, { jobId: `${name}:repeat:${Date.now()}` });
    }, everyMs);
    timer.unref();
    this.repeats.set(name, timer);
  }

  async cancelRepeat(name: JobName): Promise<void> {
    const t = this.repeats.get(name);
    if (t) clearInterval(t);
    this.repeats.delete(name);
  }

  idle(timeoutMs = 30_000): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        reject(new Error('queue did not become idle in time'));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    for (const t of this.repeats.values()) clearInterval(t);
    this.timers.clear();
    this.repeats.clear();
    // The delayed jobs (and retries) whose timers were just cleared will not run: they no longer keep the queue busy.
    this.delayed = 0;
    for (const reg of this.processors.values()) reg.delayed = 0;
    // Let running jobs finish (bounded by the caller's shutdown grace).
    await this.idle(10_000).catch(() => undefined);
  }

  async counts(): Promise<QueueCounts[]> {
    return [...this.processors].map(([name, r]) => ({
      name,
      counts: { waiting: r.queue.length, active: r.running, delayed: r.delayed, failed: r.failed },
    }));
  }

  private later(name: JobName, ms: number, fn: () => void): void {
    this.delayed++;
    const reg = this.processors.get(name);
    if (reg) reg.delayed++;
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.delayed--;
      if (reg) reg.delayed--;
      fn();
      this.checkIdle();
    }, ms);
    this.timers.add(t);
  }

  private push(job: Pending): void {
    const reg = this.processors.get(job.name);
    if (!reg) {
      this.logger.warn(`no processor for ${job.name}; job ${job.id} dropped`);
      this.known.delete(job.id);
      return;
    }
    reg.queue.push(job);
    this.pump(job.name);
  }

  private pump(name: JobName): void {
    const reg = this.processors.get(name);
    if (!reg || !this.started) return;
    while (reg.running < reg.concurrency && reg.queue.length > 0) {
      const job = reg.queue.shift() as Pending;
      reg.running++;
      const ctx: JobContext = { id: job.id, attempt: job.attempt };
      reg
        .processor(job.payload as JobMap[JobName], ctx)
        .then(() => {
          this.known.delete(job.id);
          this.markFinished(job.id);
        })
        .catch((err: unknown) => {
          if (job.attempt < job.attempts && !this.closed) {
            const backoff = 200 * 2 ** (job.attempt - 1);
            this.later(name, backoff, () => this.push({ ...job, attempt: job.attempt + 1 }));
          } else {
            this.known.delete(job.id);
            reg.failed++;
            this.logger.error(`job ${job.id} failed: ${(err as Error).message}`);
          }
        })
        .finally(() => {
          reg.running--;
          this.pump(name);
          this.checkIdle();
        });
    }
  }

  private recentlyFinished(id: string): boolean {
    const at = this.finished.get(id);
    return at !== undefined && Date.now() - at < FINISHED_TTL_MS;
  }

  private markFinished(id: string): void {
    this.finished.set(id, Date.now());
    if (this.finished.size > FINISHED_MAX) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.finished.keys().next().value;
      if (oldest !== undefined) this.finished.delete(oldest);
    }
  }

  private isIdle(): boolean {
    if (this.delayed > 0) return false;
    for (const reg of this.processors.values()) if (reg.running > 0 || reg.queue.length > 0) return false;
    return true;
  }

  private checkIdle(): void {
    if (!this.isIdle()) return;
    for (const w of this.waiters) w();
    this.waiters.clear();
  }
}
