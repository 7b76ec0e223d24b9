import type { RedemptionEntity } from './redemption.entity';

/** What admins see of a code in lists and reads: the code itself only masked. */
export interface RedemptionView {
  id: number;
  user_id: number;
  name: string;
  /** First and last four characters; the code is shown whole only when created. */
  key: string;
  status: number;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

export function maskCode(code: string): string {
  if (code.length <= 8) return '*'.repeat(code.length);
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 8)}${code.slice(-4)}`;
}

export function toRedemptionView(r: RedemptionEntity, code: string): RedemptionView {
  return {
    id: r.id,
    user_id: r.userId,
    name: r.name,
    key: maskCode(code),
    status: r.status,
    quota: r.quota,
    created_time: r.createdTime,
    redeemed_time: r.redeemedTime,
    used_user_id: r.usedUserId,
    expired_time: r.expiredTime,
  };
}
