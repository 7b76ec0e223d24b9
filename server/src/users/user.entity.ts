import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { bigintNumber } from '../common/bigint.transformer';

export const ROLE_GUEST = 0;
export const ROLE_COMMON = 1;
export const ROLE_ADMIN = 10;
export const ROLE_ROOT = 100;
export type Role = typeof ROLE_COMMON | typeof ROLE_ADMIN | typeof ROLE_ROOT;

export const USER_ENABLED = 1;
export const USER_DISABLED = 2;
/** Cannot be enabled again (set by the system). */
export const USER_LOCKED = 3;

/**
 * Never leaves the users service: responses go through the mappers in user.mapper.ts.
 * Balances (quota, aff_quota) change only through conditional UPDATE statements.
 */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('idx_users_username', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  username: string;

  @Column({ name: 'display_name', type: 'varchar', length: 64, default: '' })
  displayName: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, default: '' })
  passwordHash: string;

  @Index('idx_users_email')
  @Column({ type: 'varchar', length: 128, default: '' })
  email: string;

  /** One account per provider id (empty = not bound). */
  @Index('idx_users_github_id', { unique: true, where: "github_id <> ''" })
  @Column({ name: 'github_id', type: 'varchar', length: 64, default: '' })
  githubId: string;

  /** One account per provider id (empty = not bound). */
  @Index('idx_users_linuxdo_id', { unique: true, where: "linuxdo_id <> ''" })
  @Column({ name: 'linuxdo_id', type: 'varchar', length: 64, default: '' })
  linuxdoId: string;

  @Column({ name: 'linuxdo_level', type: 'integer', default: 0 })
  linuxdoLevel: number;

  /** One account per provider id (empty = not bound). */
  @Index('idx_users_wechat_id', { unique: true, where: "wechat_id <> ''" })
  @Column({ name: 'wechat_id', type: 'varchar', length: 64, default: '' })
  wechatId: string;

  /** One account per provider id (empty = not bound). */
  @Index('idx_users_telegram_id', { unique: true, where: "telegram_id <> ''" })
  @Column({ name: 'telegram_id', type: 'varchar', length: 64, default: '' })
  telegramId: string;

  @Column({ type: 'bigint', default: 0, transformer: bigintNumber })
  quota: number;

  @Column({ name: 'used_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  usedQuota: number;

  @Column({ name: 'request_count', type: 'bigint', default: 0, transformer: bigintNumber })
  requestCount: number;

  @Index('idx_users_group')
  @Column({ name: 'group', type: 'varchar', length: 64, default: 'default' })
  group: string;

  @Column({ type: 'integer', default: ROLE_COMMON })
  role: number;

  @Column({ type: 'integer', default: USER_ENABLED })
  status: number;

  @Index('idx_users_aff_code', { unique: true })
  @Column({ name: 'aff_code', type: 'varchar', length: 32, nullable: true })
  affCode: string | null;

  @Column({ name: 'aff_count', type: 'integer', default: 0 })
  affCount: number;

  @Column({ name: 'aff_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  affQuota: number;

  @Column({ name: 'aff_history_quota', type: 'bigint', default: 0, transformer: bigintNumber })
  affHistoryQuota: number;

  @Column({ name: 'inviter_id', type: 'integer', default: 0 })
  inviterId: number;

  /** sha256 of the management access token; the token itself is shown once. */
  @Index('idx_users_access_token', { unique: true })
  @Column({ name: 'access_token_hash', type: 'varchar', length: 64, nullable: true })
  accessTokenHash: string | null;

  @Column({ name: 'message_penetration', type: 'text', default: '' })
  messagePenetration: string;

  @Column({ type: 'text', default: '' })
  setting: string;

  @Column({ name: 'created_time', type: 'bigint', default: 0, transformer: bigintNumber })
  createdTime: number;

  /** Unix seconds; null while the account exists. Deleted usernames stay reserved. */
  @Column({ name: 'deleted_at', type: 'bigint', nullable: true, transformer: bigintNumber })
  deletedAt: number | null;
}
