import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/** Midjourney task states (spec §3 "Drawing task", §4). */
export const MJ_NOT_START = 'NOT_START';
export const MJ_SUBMITTED = 'SUBMITTED';
export const MJ_IN_PROGRESS = 'IN_PROGRESS';
export const MJ_SUCCESS = 'SUCCESS';
export const MJ_FAILURE = 'FAILURE';
export const MJ_MODAL = 'MODAL';
/** States a task never leaves: the refund compare-and-set moves only out of the others. */
export const MJ_FINISHED: readonly string[] = [MJ_SUCCESS, MJ_FAILURE];

/**
 * One Midjourney task the gateway submitted (reference §8.1 `midjourneys`). Times in ms, as
 * midjourney-proxy reports them. Never leaves the tasks module: responses go through the mapper.
 */
@Entity({ name: 'midjourneys' })
@Index('idx_mj_user_submit', ['userId', 'submitTime'])
@Index('idx_mj_status', ['status'])
@Index('idx_mj_mj_id', ['mjId'])
export class MidjourneyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The upstream's submit code (1 submitted, 21 waiting, 22 duplicate). */
  @Column({ type: 'integer', default: 0 })
  code: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The token the hold came from: a refund gives its quota back too. */
  @Column({ name: 'token_id', type: 'integer', nullable: true })
  tokenId: number | null;

  @Column({ type: 'varchar', length: 40, default: '' })
  action: string;

  @Column({ name: 'mj_id', type: 'varchar', length: 191, default: '' })
  mjId: string;

  @Column({ type: 'text', default: '' })
  prompt: string;

  @Column({ name: 'prompt_en', type: 'text', default: '' })
  promptEn: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text', default: '' })
  state: string;

  @Column({ name: 'submit_time', type: 'bigint', default: 0, transformer: bigintNumber })
  submitTime: number;

  @Column({ name: 'start_time', type: 'bigint', default: 0, transformer: bigintNumber })
  startTime: number;

  @Column({ name: 'finish_time', type: 'bigint', default: 0, transformer: bigintNumber })
  finishTime: number;

  /** The upstream's URL; clients see the gateway's proxy URL when MjForwardUrlEnabled. */
  @Column({ name: 'image_url', type: 'text', default: '' })
  imageUrl: string;

  @Column({ name: 'video_url', type: 'text', default: '' })
  videoUrl: string;

  /** JSON list of URLs. */
  @Column({ name: 'video_urls', type: 'text', default: '' })
  videoUrls: string;

  @Column({ type: 'varchar', length: 20, default: MJ_NOT_START })
  status: string;

  @Column({ type: 'varchar', length: 30, default: '0%' })
  progress: string;

  @Column({ name: 'fail_reason', type: 'text', default: '' })
  failReason: string;

  @Column({ name: 'channel_id', type: 'integer', default: 0 })
  channelId: number;

  /** What the task was charged (quota units): the amount a failure gives back. */
  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  /** JSON list. */
  @Column({ type: 'text', default: '' })
  buttons: string;

  /** JSON object. */
  @Column({ type: 'text', default: '' })
  properties: string;
}
