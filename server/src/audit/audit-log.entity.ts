import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/**
 * One security-relevant action: who (actor), from where (ip), when, what (action), on what (target),
 * whether it worked (outcome) and a small detail object that never holds the secret itself.
 * `subject_*` is the user the row is about (the target user, else the actor): an admin reads the
 * rows whose subject ranks below them, and their own.
 * Rows are only ever inserted, and removed by the retention job.
 */
@Entity({ name: 'audit_logs' })
@Index('idx_audit_logs_action_created', ['action', 'createdAt'])
export class AuditLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Unix seconds. */
  @Index('idx_audit_logs_created')
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Column({ type: 'varchar', length: 64 })
  action: string;

  /** 'success' or 'failure'. */
  @Column({ type: 'varchar', length: 16 })
  outcome: string;

  @Index('idx_audit_logs_actor')
  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId: number | null;

  @Column({ name: 'actor_name', type: 'varchar', length: 64, default: '' })
  actorName: string;

  @Column({ type: 'varchar', length: 64, default: '' })
  ip: string;

  @Column({ name: 'request_id', type: 'varchar', length: 64, default: '' })
  requestId: string;

  @Column({ name: 'target_type', type: 'varchar', length: 32, default: '' })
  targetType: string;

  @Column({ name: 'target_id', type: 'varchar', length: 64, default: '' })
  targetId: string;

  @Index('idx_audit_logs_subject')
  @Column({ name: 'subject_user_id', type: 'integer', nullable: true })
  subjectUserId: number | null;

  /** The subject's role when the row was written (0 when unknown). */
  @Column({ name: 'subject_role', type: 'integer', default: 0 })
  subjectRole: number;

  /** JSON object, at most a few hundred bytes. */
  @Column({ type: 'text', default: '{}' })
  detail: string;
}
