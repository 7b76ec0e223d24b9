import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export type LogExportStatus = 'pending' | 'running' | 'done' | 'failed';
/** Whose columns the file carries: the admin view or the self view (admin-only fields absent). */
export type LogExportScope = 'admin' | 'self';

/** One CSV export of filtered logs; the file lives under <dataDir>/exports/logs/<id>/logs.csv. */
@Entity({ name: 'log_exports' })
@Index('idx_log_exports_user_status', ['userId', 'status'])
export class LogExportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ type: 'varchar', length: 8 })
  scope: LogExportScope;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status: LogExportStatus;

  /** The parsed filter as JSON (`LogFilter`, dto/log.dto.ts). */
  @Column({ type: 'text', default: '{}' })
  filters: string;

  @Column({ name: 'row_count', type: 'integer', default: 0 })
  rowCount: number;

  /** A short reason when failed (never a stack trace). */
  @Column({ type: 'varchar', length: 255, default: '' })
  error: string;

  @Index('idx_log_exports_created')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ name: 'finished_at', type: 'bigint', nullable: true, transformer: bigintNumber })
  finishedAt: number | null;
}
