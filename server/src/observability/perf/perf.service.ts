import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { LessThan, MoreThanOrEqual } from 'typeorm';
import { DatabaseService } from '../../database/database.service';
import { RoutingIndexService } from '../../channels/routing-index.service';
import type { RelayOutcome, RelayOutcomeSink } from '../relay-outcome';
import { FIRST_CHUNK_MS, TOKENS_PER_SECOND, addSample, mergeInto, parseCounts, quantile, type SparseCounts } from './log-histogram';
import type { PerfWindow } from './dto/perf.dto';
import { PerfMinuteEntity } from './perf-minute.entity';

/** Window -> its length and the step of each model's chart series, in seconds. */
const WINDOWS: Record<PerfWindow, { seconds: number; step: number }> = {
  '1h': { seconds: 3600, step: 300 },
  '24h': { seconds: 86_400, step: 3600 },
};

const FLUSH_EVERY_MS = 60_000;
/** Rows older than this are deleted (the longest window is 24 h). */
const KEEP_SECONDS = 2 * 86_400;
const PRUNE_EVERY_MS = 3_600_000;
/** Cells one node keeps between flushes; past it new (minute, model, channel) cells are dropped. */
const MAX_CELLS = 20_000;

interface Cell {
  minute: number;
  model: string;
  channelId: number;
  requests: number;
  successes: number;
  firstChunk: SparseCounts;
  tps: SparseCounts;
  promptTokens: number;
  cacheTokens: number;
}

export interface PerfFigures {
  requests: number;
  success_rate: number;
  first_chunk_p50_ms: number | null;
  first_chunk_p95_ms: number | null;
  tokens_per_second_p50: number | null;
  /** Prompt tokens of the answered requests, and those the upstream read from its prompt cache. */
  prompt_tokens: number;
  cache_tokens: number;
  /** cache_tokens / prompt_tokens; null without prompt tokens. */
  cache_hit_rate: number | null;
}

export interface PerfPoint {
  /** Start of the step (unix seconds). */
  t: number;
  requests: number;
  success_rate: number | null;
  first_chunk_p50_ms: number | null;
  cache_hit_rate: number | null;
}

export interface PerfModel extends PerfFigures {
  model: string;
  channels: (PerfFigures & { channel_id: number })[];
  series: PerfPoint[];
}

export interface PerfReport {
  window: PerfWindow;
  since: number;
  step: number;
  models: PerfModel[];
}

/** Sums of cells and rows: what a figure is computed from. */
class Acc {
  requests = 0;
  successes = 0;
  firstChunk: SparseCounts = {};
  tps: SparseCounts = {};
  promptTokens = 0;
  cacheTokens = 0;

  add(c: Omit<Cell, 'minute' | 'model' | 'channelId'>): void {
    this.requests += c.requests;
    this.successes += c.successes;
    mergeInto(this.firstChunk, c.firstChunk);
    mergeInto(this.tps, c.tps);
    this.promptTokens += c.promptTokens;
    this.cacheTokens += c.cacheTokens;
  }

  figures(): PerfFigures {
    return {
      requests: this.requests,
      success_rate: this.requests === 0 ? 0 : round(this.successes / this.requests, 4),
      first_chunk_p50_ms: roundOrNull(quantile(this.firstChunk, FIRST_CHUNK_MS, 0.5), 0),
      first_chunk_p95_ms: roundOrNull(quantile(this.firstChunk, FIRST_CHUNK_MS, 0.95), 0),
      tokens_per_second_p50: roundOrNull(quantile(this.tps, TOKENS_PER_SECOND, 0.5), 1),
      prompt_tokens: this.promptTokens,
      cache_tokens: this.cacheTokens,
      cache_hit_rate: this.promptTokens === 0 ? null : round(Math.min(1, this.cacheTokens / this.promptTokens), 4),
    };
  }
}

/**
 * Model speed (issue 25): per model and channel, requests, success rate, first-chunk time,
 * output tokens per second and prompt-cache reads (issue 26: the hit rate channel affinity
 * raises). Each node keeps the current minutes in memory (`record` is a map lookup and a few
 * increments) and writes them to `perf_minutes` every minute; readers merge every node's rows.
 *
 * The flush runs on a per-node timer, not a queue job: a queue job runs on whichever node picks
 * it up, but each node must write its own memory. The timer is unref'd, stopped when the module
 * is destroyed, and a graceful stop writes what is left (`DatabaseService.flushOnClose`, before
 * the connection closes). A crash loses at most the last minute of figures, never money.
 */
@Injectable()
export class PerfService implements RelayOutcomeSink, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Perf');
  private cells = new Map<string, Cell>();
  /** Cells being written now: still counted by reads until their rows are committed. */
  private flushing: Cell[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: DatabaseService,
    private readonly routing: RoutingIndexService,
  ) {
    db.flushOnClose(() => this.flush());
  }

  onModuleInit(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  record(o: RelayOutcome): void {
    // Only requests a channel answered or failed: refusals before routing and clients leaving say nothing of a model's speed.
    if (o.channelId === 0 || !(o.served || o.upstreamFailed) || !this.routing.isKnownModel(o.model)) return;
    const minute = Math.floor(Date.now() / 60_000) * 60;
    const key = `${minute}\u0001${o.model}\u0001${o.channelId}`;
    let cell = this.cells.get(key);
    if (!cell) {
      if (this.cells.size >= MAX_CELLS) return;
      cell = { minute, model: o.model, channelId: o.channelId, requests: 0, successes: 0, firstChunk: {}, tps: {}, promptTokens: 0, cacheTokens: 0 };
      this.cells.set(key, cell);
    }
    cell.requests += 1;
    if (!o.served) return;
    cell.successes += 1;
    cell.promptTokens += o.promptTokens;
    cell.cacheTokens += o.cacheTokens;
    if (o.firstChunkMs >= 0) addSample(cell.firstChunk, FIRST_CHUNK_MS, o.firstChunkMs);
    const tps = tokensPerSecond(o);
    if (tps !== null) addSample(cell.tps, TOKENS_PER_SECOND, tps);
  }

  /** Writes this node's cells (all of them: rows are additive). Never throws; a failed write is kept for the next flush. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.running = this.flushOnce();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  private async flushOnce(): Promise<void> {
    if (this.cells.size === 0) return;
    const batch = [...this.cells.values()];
    this.cells = new Map();
    this.flushing = batch;
    try {
      await this.db.write(async (em) => {
        for (let i = 0; i < batch.length; i += 200) {
          await em.insert(
            PerfMinuteEntity,
            batch.slice(i, i + 200).map((c) => ({
              minute: c.minute,
              model: c.model,
              channelId: c.channelId,
              requests: c.requests,
              successes: c.successes,
              firstChunk: JSON.stringify(c.firstChunk),
              tps: JSON.stringify(c.tps),
              promptTokens: c.promptTokens,
              cacheTokens: c.cacheTokens,
            })),
          );
        }
      });
    } catch (err) {
      this.logger.warn(`model speed flush failed (kept for the next one): ${(err as Error).message}`);
      for (const c of batch) this.putBack(c);
    } finally {
      this.flushing = [];
    }
    await this.prune();
  }

  async report(window: PerfWindow): Promise<PerfReport> {
    const { seconds, step } = WINDOWS[window];
    const now = Math.floor(Date.now() / 1000);
    const since = Math.floor((now - seconds) / step) * step + step;
    const rows = await this.db.manager.find(PerfMinuteEntity, { where: { minute: MoreThanOrEqual(since) } });
    const cells: Cell[] = rows.map((r) => ({
      minute: r.minute,
      model: r.model,
      channelId: r.channelId,
      requests: r.requests,
      successes: r.successes,
      firstChunk: parseCounts(r.firstChunk),
      tps: parseCounts(r.tps),
      promptTokens: r.promptTokens,
      cacheTokens: r.cacheTokens,
    }));
    for (const c of [...this.cells.values(), ...this.flushing]) if (c.minute >= since) cells.push(c);

    const models = new Map<string, { all: Acc; channels: Map<number, Acc>; steps: Map<number, Acc> }>();
    for (const c of cells) {
      let m = models.get(c.model);
      if (!m) models.set(c.model, (m = { all: new Acc(), channels: new Map(), steps: new Map() }));
      m.all.add(c);
      accOf(m.channels, c.channelId).add(c);
      accOf(m.steps, Math.floor(c.minute / step) * step).add(c);
    }
    const out: PerfModel[] = [];
    for (const [model, m] of models) {
      const series: PerfPoint[] = [];
      for (let t = since; t <= now; t += step) {
        const a = m.steps.get(t);
        const f = a?.figures();
        series.push({ t, requests: f?.requests ?? 0, success_rate: f && f.requests > 0 ? f.success_rate : null, first_chunk_p50_ms: f?.first_chunk_p50_ms ?? null, cache_hit_rate: f?.cache_hit_rate ?? null });
      }
      out.push({
        model,
        ...m.all.figures(),
        channels: [...m.channels].sort((a, b) => a[0] - b[0]).map(([channelId, a]) => ({ channel_id: channelId, ...a.figures() })),
        series,
      });
    }
    out.sort((a, b) => b.requests - a.requests || a.model.localeCompare(b.model));
    return { window, since, step, models: out };
  }

  private putBack(c: Cell): void {
    const key = `${c.minute}\u0001${c.model}\u0001${c.channelId}`;
    const cur = this.cells.get(key);
    if (!cur) {
      this.cells.set(key, c);
      return;
    }
    cur.requests += c.requests;
    cur.successes += c.successes;
    mergeInto(cur.firstChunk, c.firstChunk);
    mergeInto(cur.tps, c.tps);
    cur.promptTokens += c.promptTokens;
    cur.cacheTokens += c.cacheTokens;
  }

  /** At most once an hour per node: an idempotent DELETE, so nodes need no coordination. */
  private async prune(): Promise<void> {
    if (Date.now() - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = Date.now();
    const before = Math.floor(Date.now() / 1000) - KEEP_SECONDS;
    await this.db.write((em) => em.delete(PerfMinuteEntity, { minute: LessThan(before) })).catch((err: unknown) => {
      this.logger.warn(`model speed prune failed: ${(err as Error).message}`);
    });
  }
}

/**
 * Output tokens per second: a stream's completion over the time from its first chunk to its end
 * (generation speed, without the wait for the first token); a whole answer's over its duration.
 */
function tokensPerSecond(o: RelayOutcome): number | null {
  if (o.completionTokens <= 0) return null;
  const ms = o.firstChunkMs >= 0 ? o.durationMs - o.firstChunkMs : o.durationMs;
  return ms > 0 ? (o.completionTokens * 1000) / ms : null;
}

function accOf<K>(map: Map<K, Acc>, key: K): Acc {
  let a = map.get(key);
  if (!a) map.set(key, (a = new Acc()));
  return a;
}

function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function roundOrNull(n: number | null, digits: number): number | null {
  return n === null ? null : round(n, digits);
}
