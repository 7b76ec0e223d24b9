import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../../common/bigint.transformer';

/**
 * Model speed of one node for one (minute, model, channel): what a node's in-memory bucket held
 * when it was flushed. Rows are additive (a node may flush the same minute twice, e.g. at a
 * graceful stop), so readers sum them: counts add, histograms add bucket by bucket.
 */
@Entity({ name: 'perf_minutes' })
@Index('idx_perf_minutes_minute', ['minute'])
export class PerfMinuteEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Start of the minute (unix seconds, a multiple of 60). */
  @Column({ type: 'bigint', transformer: bigintNumber })
  minute: number;

  @Column({ type: 'varchar', length: 128 })
  model: string;

  @Column({ name: 'channel_id', type: 'integer' })
  channelId: number;

  @Column({ type: 'integer', default: 0 })
  requests: number;

  @Column({ type: 'integer', default: 0 })
  successes: number;

  /** First-chunk ms of streamed answers, sparse log histogram ({bucket: count}, log-histogram.ts). */
  @Column({ name: 'first_chunk', type: 'text' })
  firstChunk: string;

  /** Output tokens per second, same encoding. */
  @Column({ type: 'text' })
  tps: string;

  /** Prompt tokens of the answered requests. */
  @Column({ name: 'prompt_tokens', type: 'bigint', default: 0, transformer: bigintNumber })
  promptTokens: number;

  /** Of them, the tokens the upstream read from its prompt cache (what channel affinity raises). */
  @Column({ name: 'cache_tokens', type: 'bigint', default: 0, transformer: bigintNumber })
  cacheTokens: number;
}
