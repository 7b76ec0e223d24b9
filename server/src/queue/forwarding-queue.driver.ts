import type { ClusterLink } from '../cluster/cluster-link.service';
import type { EnqueueOptions, JobMap, JobName, QueueCounts, QueueDriver } from './jobs';

/**
 * The queue of a cluster process that does not run the processors (SLUICE_WORKERS > 1 without
 * Redis, every process but the first): jobs go through the primary to process 0, whose in-process
 * queue runs them with the same ids (a second enqueue of a known id stays a no-op there).
 * Repeating jobs are process 0's own: every process registers them at boot, only it keeps them.
 */
export class ForwardingQueueDriver implements QueueDriver {
  readonly kind = 'memory' as const;

  constructor(private readonly link: ClusterLink) {}

  register(): void {
    // Processors run in process 0.
  }

  async enqueue<N extends JobName>(name: N, payload: JobMap[N], opts: EnqueueOptions = {}): Promise<void> {
    this.link.forwardJob({ name, payload, opts });
  }

  async repeat(): Promise<void> {}

  async cancelRepeat(): Promise<void> {}

  async idle(): Promise<void> {}

  async counts(): Promise<QueueCounts[]> {
    return [];
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {}
}
