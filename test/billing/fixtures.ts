import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { ConsumeLogInput, SettleInput } from '../../server/src/billing/ledger.types';
import type { TestApp } from '../support/app';
import { newUser, type Caller } from '../support/http';

/** Accounts, tokens and channels made through the management API, and ledger reads. */
export class LedgerFixtures {
  constructor(
    private readonly t: TestApp,
    private readonly root: Caller,
  ) {}

  /** A registered user whose balance root set to `quota`. */
  async account(quota: number, email?: string): Promise<{ caller: Caller; userId: number; username: string }> {
    const { caller, username } = await newUser(this.t.url);
    const res = await this.root.put('/api/user/', { id: caller.userId, quota, ...(email ? { email } : {}) }).expect(200);
    if (res.body.success !== true) throw new Error(`set quota failed: ${JSON.stringify(res.body)}`);
    return { caller, userId: caller.userId as number, username };
  }

  async token(owner: Caller, body: Record<string, unknown>): Promise<number> {
    const res = await owner.post('/api/token/', { name: 'billing', group: 'default', ...body }).expect(200);
    if (res.body.success !== true) throw new Error(`token failed: ${JSON.stringify(res.body)}`);
    return res.body.data[0].id as number;
  }

  async channel(): Promise<number> {
    const key = `sk-billing-${randomBytes(8).toString('hex')}`;
    const res = await this.root.post('/api/channel/', { name: 'billing', type: 1, models: 'gpt-4o-mini', group: 'default', key }).expect(200);
    if (res.body.success !== true) throw new Error(`channel failed: ${JSON.stringify(res.body)}`);
    return res.body.data[0].id as number;
  }

  async user(id: number): Promise<{ quota: number; used_quota: number; request_count: number }> {
    const d = (await this.root.get(`/api/user/${id}`).expect(200)).body.data;
    return { quota: d.quota, used_quota: d.used_quota, request_count: d.request_count };
  }

  async tokenRow(owner: Caller, id: number): Promise<{ remain_quota: number; used_quota: number; status: number }> {
    const d = (await owner.get(`/api/token/${id}`).expect(200)).body.data;
    return { remain_quota: d.remain_quota, used_quota: d.used_quota, status: d.status };
  }

  async channelUsed(id: number): Promise<number> {
    return (await this.root.get(`/api/channel/${id}`).expect(200)).body.data.used_quota as number;
  }

  /** Consume logs (type 2) of one request, as the admin log list shows them. */
  async consumeLogs(requestId: string): Promise<Record<string, unknown>[]> {
    const res = await this.root.get(`/api/log/?type=2&request_id=${encodeURIComponent(requestId)}&page_size=100`).expect(200);
    return res.body.data.items as Record<string, unknown>[];
  }

  /** Consume logs of one user (counted in SQL: the admin list pages at 100). */
  async consumeLogCount(userId: number): Promise<number> {
    const rows = await this.raw<{ n: string | number }>('SELECT COUNT(*) AS n FROM logs WHERE type = 2 AND user_id = $1', [userId]);
    return Number(rows[0]?.n ?? 0);
  }

  async holdRow(requestId: string): Promise<{ status: string; amount: number; checkpoint_quota: number; settled_quota: number; channel_id: number } | null> {
    const rows = await this.raw<Record<string, string | number>>(
      'SELECT status, amount, checkpoint_quota, settled_quota, channel_id FROM holds WHERE request_id = $1',
      [requestId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      status: String(r.status),
      amount: Number(r.amount),
      checkpoint_quota: Number(r.checkpoint_quota),
      settled_quota: Number(r.settled_quota),
      channel_id: Number(r.channel_id),
    };
  }

  /** Test-only SQL ($n placeholders in order, rewritten to ? on SQLite and MySQL). */
  async raw<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const ds = this.t.app.get(DataSource);
    const text = this.t.database.kind !== 'postgres' ? sql.replace(/\$\d+/g, '?') : sql;
    return (await ds.query(text, params)) as T[];
  }
}

let seq = 0;
export function requestId(tag = 'r'): string {
  seq += 1;
  return `test-${tag}-${Date.now().toString(36)}-${seq}-${randomBytes(3).toString('hex')}`;
}

export function logInput(over: Partial<ConsumeLogInput> = {}): ConsumeLogInput {
  return {
    username: 'someone',
    tokenName: 'billing',
    tokenId: 0,
    modelName: 'gpt-4o-mini',
    promptTokens: 1000,
    completionTokens: 500,
    useTime: 3,
    isStream: true,
    tokenGroup: 'default',
    clientIp: '203.0.113.7',
    content: '模型倍率 0.08，补全倍率 4.00，分组倍率 1.00',
    other: { model_ratio: 0.075, completion_ratio: 4, group_ratio: 1, frt: 321, admin_info: { use_channel: [1] } },
    ...over,
  };
}

export function settleInput(quota: number, channelId: number, log: ConsumeLogInput | null = logInput()): SettleInput {
  return { quota, channelId, log };
}
