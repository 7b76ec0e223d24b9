import type { z } from 'zod';
import type { adminUserViewSchema, selfViewSchema } from './dto/user.dto';
import type { UserEntity } from './user.entity';

/** What a user sees of themself: the schema the contract documents (dto/user.dto.ts), so the two cannot drift. No password hash, no access token. */
export type SelfView = z.output<typeof selfViewSchema>;

/** What an admin sees of a user in lists and reads. */
export type AdminUserView = z.output<typeof adminUserViewSchema>;

export interface LoginView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export function toSelfView(u: UserEntity): SelfView {
  return {
    id: u.id,
    username: u.username,
    display_name: u.displayName,
    role: u.role,
    status: u.status,
    email: u.email,
    github_id: u.githubId,
    linuxdo_id: u.linuxdoId,
    linuxdo_level: u.linuxdoLevel,
    wechat_id: u.wechatId,
    telegram_id: u.telegramId,
    quota: u.quota,
    used_quota: u.usedQuota,
    request_count: u.requestCount,
    group: u.group,
    aff_code: u.affCode ?? '',
    aff_count: u.affCount,
    aff_quota: u.affQuota,
    aff_history_quota: u.affHistoryQuota,
    inviter_id: u.inviterId,
    message_penetration: u.messagePenetration,
    setting: u.setting,
    created_time: u.createdTime,
  };
}

export function toAdminView(u: UserEntity): AdminUserView {
  return { ...toSelfView(u), DeletedAt: u.deletedAt };
}

export function toLoginView(u: UserEntity): LoginView {
  return { id: u.id, username: u.username, display_name: u.displayName, role: u.role, status: u.status, group: u.group };
}
