import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

/**
 * One OAuth `state` (security rule 14): 128 random bits, stored as SHA-256 only, bound to the
 * browser that asked for it (a random cookie, stored hashed) and to the signed-in user if any,
 * single use (compare-and-set on used_at), valid 10 minutes.
 */
@Entity({ name: 'oauth_states' })
export class OAuthStateEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_oauth_states_state_hash', { unique: true })
  @Column({ name: 'state_hash', type: 'varchar', length: 64 })
  stateHash: string;

  @Column({ name: 'binding_hash', type: 'varchar', length: 64 })
  bindingHash: string;

  /** The signed-in user who asked (a bind); 0 for a sign-in. */
  @Column({ name: 'user_id', type: 'integer', default: 0 })
  userId: number;

  @Column({ name: 'aff_code', type: 'varchar', length: 32, default: '' })
  affCode: string;

  @Index('idx_oauth_states_expires_at')
  @Column({ name: 'expires_at', type: 'bigint', transformer: bigintNumber })
  expiresAt: number;

  @Column({ name: 'used_at', type: 'bigint', nullable: true, transformer: bigintNumber })
  usedAt: number | null;
}
