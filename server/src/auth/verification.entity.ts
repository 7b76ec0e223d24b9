import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export type VerificationPurpose = 'email' | 'reset';

/**
 * E-mail verification codes and password-reset tokens: stored as sha256, single use,
 * short-lived. Kept in the database so every node sees them.
 */
@Entity({ name: 'verifications' })
@Index('idx_verifications_lookup', ['purpose', 'email'])
export class VerificationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 16 })
  purpose: VerificationPurpose;

  @Column({ type: 'varchar', length: 128 })
  email: string;

  @Column({ name: 'secret_hash', type: 'varchar', length: 64 })
  secretHash: string;

  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintNumber })
  expiresAt: number;

  @Column({ name: 'used_at', type: 'bigint', nullable: true, transformer: bigintNumber })
  usedAt: number | null;
}
