import { Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type {
  EnqueueOptions,
  JobMap,
  JobName,
  JobProcessor,
  ProcessorOptions,
  QueueCounts,
  QueueDriver,
} from './jobs';

/**
 * BullMQ driver: one queue per job name under the install's prefix. Workers start only on nodes
 * whose role includes the worker (`start()` is called there).
 */
export class BullmqQueueDriver implements QueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger('Queue');
  private readonly queues = new Map<JobName, Queue>();
  private readonly workers: Worker[] = [];
  private readonly processors = new Map<JobName, { processor: JobProcessor<JobName>; concurrency: number }>();
  /** BullMQ does not close connections it was given, so the driver does. */
  private readonly connections: Redis[] = [];

  constructor(
    private readonly connect: () => Redis,
    private readonly prefix: string,
    private readonly runWorkers: boolean,
  ) {}

  register<N extends JobName>(name: N, processor: JobProcessor<N>, opts: ProcessorOptions = {}): void {
    this.processors.set(name, {
      processor: processor as unknown as JobProcessor<JobName>,
      concurrency: opts.concurrency ?? 1,
    });
  }

  async start(): Promise<void> {
    if (!this.runWorkers) return;
    for (const [name, { processor, concurrency }] of this.processors) {
      const worker = new Worker(
        name,
        async (job: Job) => processor(job.data as JobMap[JobName], { id: job.id ?? '', attempt: job.attemptsMade + 1 }),
        { connection: this.connection(), prefix: this.prefix, concurrency },
      );
      worker.on('failed', (job, err) => this.logger.warn(`job ${job?.id ?? '?'} of ${name} failed: ${err.message}`));
      worker.on('error', (err) => this.logger.warn(`worker ${name}: ${err.message}`));
      this.workers.push(worker);
    }
  }

  async enqueue<N extends JobName>(name: N, payload: JobMap[N], opts: EnqueueOptions = {}): Promise<void> {
    await this.queue(name).add(name, payload, {
      jobId: opts.jobId,
      delay: opts.delayMs,
      attempts: opts.attempts ?? 3,
      backoff: { type: 'exponential', delay: 200 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 24 * 3600 },
    });
  }

  async repeat<N extends JobName>(name: N, payload: JobMap[N], everyMs: number): Promise<void> {
    await this.queue(name).upsertJobScheduler(`${name}:repeat`, { every: everyMs }, { name, data: payload });
  }

  async cancelRepeat(name: JobName): Promise<void> {
    await this.queue(name).removeJobScheduler(`${name}:repeat`);
  }

  async idle(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let busy = 0;
      for (const q of this.queues.values()) {
        // Delayed jobs are not counted: a repeating job always keeps its next run delayed.
        const c = await q.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
        busy += Object.values(c).reduce((a, b) => a + b, 0);
      }
      if (busy === 0) return;
      if (Date.now() > deadline) throw new Error('queue did not become idle in time');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async counts(): Promise<QueueCounts[]> {
    return Promise.all(
      [...this.processors.keys()].map(async (name) => {
        const c = await this.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
        return { name, counts: { waiting: c.waiting ?? 0, active: c.active ?? 0, delayed: c.delayed ?? 0, failed: c.failed ?? 0 } };
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }

  private connection(): Redis {
    const c = this.connect();
    this.connections.push(c);
    return c;
  }

  private queue(name: JobName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.connection(), prefix: this.prefix });
      // Without a listener BullMQ prints every connection error of a Redis outage to the console.
      q.on('error', (err) => this.logger.warn(`queue ${name}: ${err.message}`));
      this.queues.set(name, q);
    }
    return q;
  }
}
