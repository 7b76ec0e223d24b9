import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/** Async task states (spec §4). */
export const TASK_NOT_START = 'NOT_START';
export const TASK_SUBMITTED = 'SUBMITTED';
export const TASK_QUEUED = 'QUEUED';
export const TASK_IN_PROGRESS = 'IN_PROGRESS';
export const TASK_SUCCESS = 'SUCCESS';
export const TASK_FAILURE = 'FAILURE';
export const TASK_UNKNOWN = 'UNKNOWN';
export const TASK_FINISHED: readonly string[] = [TASK_SUCCESS, TASK_FAILURE];

export const PLATFORM_SUNO = 'suno';

/**
 * One async task (reference §8.2 `tasks`): Suno music and lyrics. Times in epoch seconds.
 * Never leaves the tasks module: responses go through the mapper.
 */
@Entity({ name: 'tasks' })
@Index('idx_tasks_user_submit', ['userId', 'submitTime'])
@Index('idx_tasks_status', ['status'])
@Index('idx_tasks_task_id', ['taskId'])
export class TaskEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ name: 'updated_at', type: 'bigint', transformer: bigintNumber })
  updatedAt: number;

  /** The upstream's task id. */
  @Column({ name: 'task_id', type: 'varchar', length: 191, default: '' })
  taskId: string;

  @Column({ type: 'varchar', length: 30, default: PLATFORM_SUNO })
  platform: string;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  /** The token the hold came from: a refund gives its quota back too. */
  @Column({ name: 'token_id', type: 'integer', nullable: true })
  tokenId: number | null;

  @Column({ name: 'channel_id', type: 'integer', default: 0 })
  channelId: number;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  /** MUSIC or LYRICS. */
  @Column({ type: 'varchar', length: 40, default: '' })
  action: string;

  @Column({ type: 'varchar', length: 20, default: TASK_NOT_START })
  status: string;

  @Column({ name: 'fail_reason', type: 'text', default: '' })
  failReason: string;

  @Column({ name: 'submit_time', type: 'bigint', default: 0, transformer: bigintNumber })
  submitTime: number;

  @Column({ name: 'start_time', type: 'bigint', default: 0, transformer: bigintNumber })
  startTime: number;

  @Column({ name: 'finish_time', type: 'bigint', default: 0, transformer: bigintNumber })
  finishTime: number;

  @Column({ type: 'varchar', length: 20, default: '' })
  progress: string;

  /** JSON: {input} (the submitted body). */
  @Column({ type: 'text', default: '' })
  properties: string;

  /** JSON: the upstream's payload for the task. */
  @Column({ type: 'text', default: '' })
  data: string;
}
