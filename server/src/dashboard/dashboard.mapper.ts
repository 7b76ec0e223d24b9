import type { QuotaDataEntity } from './quota-data.entity';

export interface QuotaDataView {
  id: number;
  user_id: number;
  username: string;
  model_name: string;
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
}

export function toQuotaDataView(q: QuotaDataEntity): QuotaDataView {
  return {
    id: q.id,
    user_id: q.userId,
    username: q.username,
    model_name: q.modelName,
    created_at: q.createdAt,
    token_used: q.tokenUsed,
    count: q.count,
    quota: q.quota,
  };
}

/** A row of the all-users view: summed over users, so it names no user. */
export function toModelHourView(r: { model_name: string; created_at: string | number; token_used: string | number; count: string | number; quota: string | number }): QuotaDataView {
  return {
    id: 0,
    user_id: 0,
    username: '',
    model_name: r.model_name,
    created_at: Number(r.created_at),
    token_used: Number(r.token_used),
    count: Number(r.count),
    quota: Number(r.quota),
  };
}
