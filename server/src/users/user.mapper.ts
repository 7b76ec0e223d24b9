import type { UserEntity } from './user.entity';

/** What a user sees of themself. No password hash, no access token. */
export interface SelfView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  linuxdo_id: string;
  linuxdo_level: number;
  wechat_id: string;
  telegram_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  message_penetration: string;
  setting: string;
  /** When the account was made (epoch seconds): the check-in calendar marks no day before it as missed. */
  created_time: number;
}

/** What an admin sees of a user in lists and reads. */
export interface AdminUserView extends SelfView {
  DeletedAt: number | null;
}

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
