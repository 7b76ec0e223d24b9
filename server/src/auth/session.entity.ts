import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/** Server-side session. The cookie carries a random id; only its sha256 is stored. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ name: 'id_hash', type: 'varchar', length: 64 })
  idHash: string;

  @Index('idx_sessions_user')
  @Column({ name: 'user_id', type: 'integer' })
  userId: number;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintNumber })
  createdAt: number;

  @Index('idx_sessions_expires')
  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintNumber })
  expiresAt: number;
}
