import { Inject, Injectable } from '@nestjs/common';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { ClusterLink } from '../../cluster/cluster-link.service';
import { RoutingIndexService } from '../../channels/routing-index.service';
import { CHANNEL_ENABLED } from '../../channels/channel.entity';
import { QUEUE_DRIVER, type QueueDriver } from '../../queue/jobs';
import type { RelayOutcome, RelayOutcomeSink } from '../relay-outcome';

/** Upper bounds of the latency histograms, in seconds. */
const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600];
const FIRST_CHUNK_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30];

/** Label value for a model no channel lists: client-chosen strings never become series. */
export const OTHER_MODEL = 'other';

/** One series of the requests counter, counted by `record` and added to prom-client's when scraped. */
interface RequestSeries {
  readonly labels: Readonly<Record<'model' | 'channel_id' | 'status', string>>;
  n: number;
}

type Observe = (value: number) => void;

const GATHER_TOPIC = 'metrics';

/**
 * The Prometheus registry of one node (its own `Registry`, not prom-client's global one, so
 * several apps in one process never share series). Relay series move in `record`: the counters
 * are counted in plain fields and added to prom-client's series when scraped (its `inc` builds a
 * label hash and a result object on every call: most of what a request allocated for metrics),
 * the histograms observed through children bound once; channel and queue gauges are read when
 * scraped. Labels are bounded:
 * models some channel lists (else "other"), channel ids, HTTP statuses. No user or token ids.
 *
 * In a cluster (SLUICE_WORKERS > 1) a scrape, whichever process answers it, is the machine's:
 * the process gathers every sibling's series through the primary and merges them by each
 * metric's `aggregator` (counters and histograms summed; the channel and queue gauges, which
 * every process reads from the same place, taken once).
 */
@Injectable()
export class MetricsService implements RelayOutcomeSink {
  readonly registry = new Registry();
  /** The requests counter's series by model, channel and status, with what `record` counted since the last scrape. */
  private readonly requestSeries = new Map<string, RequestSeries>();
  /** Counted by `record` since the last scrape. */
  private readonly pending = { promptTokens: 0, completionTokens: 0, quota: 0 };
  private readonly observeDuration: Observe;
  private readonly observeFirstChunk: Observe;

  constructor(
    private readonly routing: RoutingIndexService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    private readonly cluster: ClusterLink,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const series = this.requestSeries;
    const pending = this.pending;
    new Counter({
      name: 'sluice_relay_requests_total',
      help: 'Relay requests by model, channel (0: none picked) and the HTTP status the client got (499: left before any byte).',
      labelNames: ['model', 'channel_id', 'status'],
      registers,
      collect() {
        for (const s of series.values()) {
          if (s.n === 0) continue;
          this.inc(s.labels, s.n);
          s.n = 0;
        }
      },
    });
    const duration = new Histogram({
      name: 'sluice_relay_request_duration_seconds',
      help: 'Relay requests from arrival to the end of the answer.',
      buckets: DURATION_BUCKETS,
      registers,
    });
    const firstChunk = new Histogram({
      name: 'sluice_relay_first_chunk_seconds',
      help: 'Streamed relay requests from arrival to the first chunk sent to the client.',
      buckets: FIRST_CHUNK_BUCKETS,
      registers,
    });
    this.observeDuration = duration.labels().observe;
    this.observeFirstChunk = firstChunk.labels().observe;
    new Counter({
      name: 'sluice_relay_tokens_total',
      help: 'Tokens billed by relay requests.',
      labelNames: ['kind'],
      registers,
      collect() {
        if (pending.promptTokens > 0) this.inc({ kind: 'prompt' }, pending.promptTokens);
        if (pending.completionTokens > 0) this.inc({ kind: 'completion' }, pending.completionTokens);
        pending.promptTokens = 0;
        pending.completionTokens = 0;
      },
    });
    new Counter({
      name: 'sluice_relay_quota_total',
      help: 'Quota charged by relay requests (500000 = US$1 by default).',
      registers,
      collect() {
        if (pending.quota > 0) this.inc(pending.quota);
        pending.quota = 0;
      },
    });
    const statuses = () => this.routing.channelStatuses();
    new Gauge({
      name: 'sluice_channel_enabled',
      help: '1 when the channel is enabled, 0 when disabled (manually or automatically).',
      labelNames: ['channel_id'],
      registers,
      aggregator: 'first',
      collect() {
        this.reset();
        for (const [id, status] of statuses()) this.labels(String(id)).set(status === CHANNEL_ENABLED ? 1 : 0);
      },
    });
    const driver = this.queue;
    new Gauge({
      name: 'sluice_queue_jobs',
      help: 'Background jobs per queue and state.',
      labelNames: ['queue', 'state'],
      registers,
      // Without Redis only process 0 holds the queue; the others report nothing or zeros.
      aggregator: 'max',
      async collect() {
        this.reset();
        for (const q of await driver.counts()) {
          for (const [state, n] of Object.entries(q.counts)) this.labels(q.name, state).set(n);
        }
      },
    });
    if (cluster.forked) cluster.onGather(GATHER_TOPIC, () => this.registry.getMetricsAsJSON());
  }

  record(o: RelayOutcome): void {
    const model = this.routing.isKnownModel(o.model) ? o.model : OTHER_MODEL;
    const key = `${model}\u0001${o.channelId}\u0001${o.status}`;
    let s = this.requestSeries.get(key);
    if (!s) {
      s = { labels: { model, channel_id: String(o.channelId), status: String(o.status) }, n: 0 };
      this.requestSeries.set(key, s);
    }
    s.n += 1;
    this.observeDuration(o.durationMs / 1000);
    if (o.firstChunkMs >= 0) this.observeFirstChunk(o.firstChunkMs / 1000);
    if (o.promptTokens > 0) this.pending.promptTokens += o.promptTokens;
    if (o.completionTokens > 0) this.pending.completionTokens += o.completionTokens;
    if (o.quota > 0) this.pending.quota += o.quota;
  }

  /** The exposition text and its content type: this process's, or in a cluster the machine's. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    if (!this.cluster.forked) return { contentType: this.registry.contentType, body: await this.registry.metrics() };
    const own = await this.registry.getMetricsAsJSON();
    const others = (await this.cluster.gather(GATHER_TOPIC)).filter((v): v is MetricObjectWithValues<MetricValue<string>>[] => Array.isArray(v));
    const merged = AggregatorRegistry.aggregate([own, ...others]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
