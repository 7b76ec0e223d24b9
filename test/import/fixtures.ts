import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { hashSync } from 'bcryptjs';
import { createConnection } from 'mysql2/promise';
import { Client } from 'pg';
import { PG_URL } from '../support/env';
import { schema, type Dialect } from './source-schema';

/** MariaDB of this machine (root, no password). */
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

export interface SourceDb {
  /** The import's <source> argument. */
  url: string;
  exec(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
  /** Removes the database (file or MySQL database). */
  drop(): Promise<void>;
}

export async function sqliteSource(kind: 'new-api' | 'one-api', opts: { skipTables?: string[] } = {}): Promise<SourceDb> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-import-src-'));
  const path = join(dir, `${kind}.db`);
  const db = new Database(path);
  for (const ddl of schema(kind, 'sqlite')) if (!opts.skipTables?.some((t) => ddl.startsWith(`CREATE TABLE ${t} `))) db.exec(ddl);
  return {
    url: `sqlite://${path}`,
    exec: async (sql, params = []) => {
      db.prepare(sql).run(...(params as unknown[]));
    },
    close: async () => {
      if (db.open) db.close();
    },
    drop: async () => {
      if (db.open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function mysqlSource(kind: 'new-api' | 'one-api'): Promise<SourceDb> {
  const name = `sluice_src_${randomBytes(5).toString('hex')}`;
  const admin = await createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
  await admin.end();
  const url = `${MYSQL_URL}/${name}`;
  const conn = await createConnection({ uri: url, charset: 'utf8mb4' });
  for (const ddl of schema(kind, 'mysql' satisfies Dialect)) await conn.query(ddl);
  return {
    url,
    exec: async (sql, params = []) => {
      await conn.query(sql, params);
    },
    close: async () => {
      await conn.end().catch(() => undefined);
    },
    drop: async () => {
      await conn.end().catch(() => undefined);
      const a = await createConnection({ uri: MYSQL_URL });
      await a.query(`DROP DATABASE IF EXISTS ${name}`);
      await a.end();
    },
  };
}

export async function postgresSource(kind: 'new-api' | 'one-api'): Promise<SourceDb> {
  const name = `sluice_src_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  const client = new Client({ connectionString: u.toString() });
  await client.connect();
  for (const ddl of schema(kind, 'postgres')) await client.query(ddl);
  // Rows are written with explicit ids, as a long-lived source holds them; move the sequences past them.
  const bump = async (): Promise<void> => {
    const seqs = await client.query<{ t: string }>("SELECT table_name AS t FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND column_default LIKE 'nextval%'");
    for (const { t } of seqs.rows) await client.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM "${t}"), false)`);
  };
  let closed = false;
  return {
    url: u.toString(),
    exec: async (sql, params = []) => {
      let n = 0;
      await client.query(sql.replace(/`/g, '"').replace(/\?/g, () => `$${++n}`), params);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await bump();
      await client.end();
    },
    drop: async () => {
      if (!closed) {
        closed = true;
        await client.end().catch(() => undefined);
      }
      const a = new Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

async function insert(db: SourceDb, table: string, row: Record<string, unknown>): Promise<void> {
  const cols = Object.keys(row);
  const values = cols.map((c) => {
    const v = row[c];
    return typeof v === 'boolean' ? (v ? 1 : 0) : v;
  });
  await db.exec(`INSERT INTO ${table} (${cols.map((c) => `\`${c}\``).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, values);
}

/** bcrypt as the Go servers write it (cost 4 here to keep the suite fast; $2a$ like golang.org/x/crypto). */
function bcrypt(plain: string, variant: '2a' | '2b' | '2y' = '2a'): string {
  return hashSync(plain, 4).replace(/^\$2[aby]\$/, `$${variant}$`);
}

const NOW = Math.floor(Date.now() / 1000);
const key48 = (label: string): string => (label + 'x'.repeat(48)).replace(/[^A-Za-z0-9]/g, 'k').slice(0, 48);

/** What the new-api source holds, for the assertions. */
export const NA = {
  users: {
    root: { id: 1, username: 'oldroot', password: 'rootpass-old1', quota: 50_000_000, accessToken: 'AbCdEfGh0123456789abcdefghijKLmn' },
    alice: { id: 2, username: 'alice', password: 'alice-pass-1', quota: 10_000_000, used: 1_234_567, requests: 42, group: 'vip' },
    bob: { id: 3, username: 'bob', password: 'bob-pass-123', quota: 500 },
    carol: { id: 4, username: 'carol', password: 'carol-pass-1', quota: 1000 },
    dave: { id: 5, username: 'dave', password: 'dave-pass-12', quota: 0 },
    erin: { id: 7, username: 'erin', password: 'erin-pass-12', quota: 2_000_000 },
  },
  keys: {
    alice: key48('AliceMainKey0123456789'),
    expired: key48('AliceExpiredKey0123456'),
    limited: key48('AliceLimitedKey0123456'),
    bob: key48('BobKey0123456789abcdef'),
  },
  channelKeys: ['sk-upstream-import-main-0123456789abcdef', 'sk-deepseek-import-0123456789abcdef', 'sk-ant-import-0123456789abcdef', 'kling-import-key-0123456789'],
  codes: { unused: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', used: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' },
  codeQuota: 300_000,
  ratios: { model: 2, completion: 3, vipGroup: 0.5 },
  systemName: 'Old Gateway',
};

/** Fills a new-api source; `upstream` is the base URL of channel 1 (the fake OpenAI). */
export async function fillNewApi(db: SourceDb, upstream: string): Promise<void> {
  const u = NA.users;
  await insert(db, 'users', {
    id: 1, username: u.root.username, password: bcrypt(u.root.password), display_name: 'Old Root', role: 100, status: 1, email: 'root@old.example',
    access_token: u.root.accessToken, quota: u.root.quota, used_quota: 0, request_count: 0, group: 'default', aff_code: 'R00T', inviter_id: 0, setting: '', created_at: NOW - 90 * 86400,
  });
  await insert(db, 'users', {
    id: 2, username: u.alice.username, password: bcrypt(u.alice.password, '2y'), display_name: 'Alice A.', role: 1, status: 1, email: 'alice@example.com',
    github_id: 'gh-alice', linux_do_id: '777', telegram_id: 'tg-alice', quota: u.alice.quota, used_quota: u.alice.used, request_count: u.alice.requests,
    group: u.alice.group, aff_code: 'AL1c', aff_count: 1, aff_quota: 250, aff_history: 500, inviter_id: 1, setting: '{"notify_type":"email","quota_warning_threshold":5000}', created_at: NOW - 60 * 86400,
  });
  await insert(db, 'users', { id: 3, username: u.bob.username, password: bcrypt(u.bob.password, '2b'), display_name: 'Bob', role: 1, status: 2, quota: u.bob.quota, group: 'default', aff_code: 'B0b1', inviter_id: 2, wechat_id: 'wx-bob' });
  await insert(db, 'users', { id: 4, username: u.carol.username, password: 'pbkdf2_sha256$260000$salt$notbcrypt', role: 1, status: 1, quota: u.carol.quota, group: 'default', aff_code: 'C4r0' });
  await insert(db, 'users', { id: 5, username: u.dave.username, password: bcrypt(u.dave.password), role: 1, status: 1, quota: 0, group: 'default', aff_code: 'D4v3', deleted_at: '2025-01-02 03:04:05.000' });
  await insert(db, 'users', { id: 7, username: u.erin.username, password: bcrypt(u.erin.password), role: 10, status: 1, quota: u.erin.quota, group: 'default', aff_code: 'Er1n' });

  const k = NA.keys;
  await insert(db, 'tokens', { id: 1, user_id: 2, key: k.alice, status: 1, name: 'alice-main', created_time: NOW - 86400, accessed_time: NOW - 3600, expired_time: -1, remain_quota: 0, unlimited_quota: true, used_quota: 1_000_000, group: '' });
  await insert(db, 'tokens', { id: 2, user_id: 2, key: k.expired, status: 1, name: 'alice-expired', created_time: NOW - 86400 * 30, expired_time: NOW - 86400, remain_quota: 5000, unlimited_quota: false });
  await insert(db, 'tokens', { id: 3, user_id: 2, key: k.limited, status: 1, name: 'alice-limited', created_time: NOW - 86400, expired_time: -1, remain_quota: 100_000, unlimited_quota: false, model_limits_enabled: true, model_limits: 'gpt-4o', allow_ips: '127.0.0.1\n10.0.0.0/8' });
  await insert(db, 'tokens', { id: 4, user_id: 3, key: k.bob, status: 1, name: 'bob-key', created_time: NOW - 86400, expired_time: -1, remain_quota: 0, unlimited_quota: true });

  const ck = NA.channelKeys;
  await insert(db, 'channels', {
    id: 1, type: 1, key: ck[0], status: 1, name: 'openai-main', weight: 5, created_time: NOW - 86400 * 50, base_url: upstream, balance: 12.5, models: 'gpt-4o-mini,gpt-4o,old-alias',
    group: 'default,vip', used_quota: 999, model_mapping: '{"old-alias":"gpt-4o-mini"}', status_code_mapping: '{"429":"503"}', priority: 10, auto_ban: 1, tag: 'main', setting: '{"force_format":true}', other_info: '{}',
  });
  await insert(db, 'channels', { id: 2, type: 43, key: ck[1], status: 1, name: 'deepseek', base_url: '', models: 'deepseek-chat', group: 'default', priority: 0, auto_ban: 0 });
  await insert(db, 'channels', { id: 3, type: 14, key: ck[2], status: 2, name: 'claude-off', base_url: '', models: 'claude-3-5-sonnet-20241022', group: 'vip', priority: 5, other_info: '{"status_reason":"manual"}' });
  await insert(db, 'channels', { id: 4, type: 50, key: ck[3], status: 1, name: 'kling-video', models: 'kling-v1', group: 'default' });
  for (const [g, m, c] of [['default', 'gpt-4o-mini', 1], ['vip', 'gpt-4o-mini', 1], ['vip', 'old-alias', 1], ['default', 'deepseek-chat', 2]] as const) {
    await insert(db, 'abilities', { group: g, model: m, channel_id: c, enabled: true, priority: 0, weight: 0 });
  }

  const options: [string, string][] = [
    ['ModelRatio', JSON.stringify({ 'gpt-4o-mini': NA.ratios.model, 'old-alias': NA.ratios.model, 'gpt-4o': 1.25, 'deepseek-chat': 0.5 })],
    ['CompletionRatio', JSON.stringify({ 'gpt-4o-mini': NA.ratios.completion, 'old-alias': NA.ratios.completion })],
    ['GroupRatio', JSON.stringify({ default: 1, vip: NA.ratios.vipGroup, svip: 1 })],
    ['SystemName', NA.systemName],
    ['QuotaForNewUser', '777'],
    ['DisplayInCurrencyEnabled', 'false'],
    ['QuotaPerUnit', 'abc'],
    ['general_setting.docs_link', 'https://docs.old.example'],
    ['SomethingOnlyNewApiHas', 'x'],
  ];
  for (const [key, value] of options) await insert(db, 'options', { key, value });

  await insert(db, 'redemptions', { id: 1, user_id: 1, key: NA.codes.unused, status: 1, name: 'promo', quota: NA.codeQuota, created_time: NOW - 86400, redeemed_time: 0, used_user_id: 0, expired_time: 0 });
  await insert(db, 'redemptions', { id: 2, user_id: 1, key: NA.codes.used, status: 3, name: 'spent', quota: 100_000, created_time: NOW - 86400 * 3, redeemed_time: NOW - 86400 * 2, used_user_id: 3, expired_time: 0 });

  await insert(db, 'top_ups', { id: 1, user_id: 2, amount: 10, money: 73, trade_no: 'USR2NOabc1231700000000', payment_method: 'alipay', create_time: NOW - 86400 * 10, complete_time: NOW - 86400 * 10, status: 'success' });
  await insert(db, 'top_ups', { id: 2, user_id: 2, amount: 5, money: 36.5, trade_no: 'USR2NOdef4561700000100', payment_method: 'wxpay', create_time: NOW - 60, complete_time: 0, status: 'pending' });

  const logs: Record<string, unknown>[] = [
    { user_id: 2, type: 1, content: '在线充值成功，充值金额: $10', username: 'alice', quota: 5_000_000 },
    { user_id: 2, type: 2, content: '模型倍率 2.00，补全倍率 3.00，分组倍率 0.50', username: 'alice', token_name: 'alice-main', token_id: 1, model_name: 'gpt-4o-mini', quota: 600, prompt_tokens: 300, completion_tokens: 100, use_time: 2, is_stream: true, channel_id: 1, group: 'vip', request_id: 'req-old-1', other: '{"model_ratio":2,"completion_ratio":3,"group_ratio":0.5,"frt":420}' },
    { user_id: 2, type: 2, content: '模型倍率 1.25', username: 'alice', token_name: 'alice-main', token_id: 1, model_name: 'gpt-4o', quota: 1250, prompt_tokens: 1000, completion_tokens: 0, use_time: 1, is_stream: false, channel_id: 1, group: 'vip', request_id: 'req-old-2', other: '' },
    { user_id: 2, type: 2, content: 'retry', username: 'alice', token_name: 'alice-main', token_id: 1, model_name: 'gpt-4o', quota: 125, prompt_tokens: 100, use_time: 1, channel_id: 1, group: 'vip', request_id: 'req-old-2', other: '{}' },
    { user_id: 3, type: 2, content: '', username: 'bob', token_name: 'bob-key', token_id: 4, model_name: 'deepseek-chat', quota: 40, prompt_tokens: 20, completion_tokens: 10, channel_id: 2, group: 'default', request_id: 'req-old-3' },
    { user_id: 2, type: 3, content: '管理员将用户额度从 $1 修改为 $20', username: 'alice', quota: 0 },
    { user_id: 1, type: 4, content: '通道「claude-off」（#3）已被禁用', username: 'oldroot', quota: 0 },
  ];
  let at = NOW - 86400 * 5;
  for (const l of logs) await insert(db, 'logs', { created_at: (at += 60), ...l });

  await insert(db, 'checkins', { id: 1, user_id: 2, checkin_date: '2026-11-01', quota_awarded: 1200, created_at: NOW - 86400 * 27 });
  await insert(db, 'checkins', { id: 2, user_id: 2, checkin_date: '2026-11-02', quota_awarded: 800, created_at: NOW - 86400 * 26 });
  await insert(db, 'midjourneys', {
    id: 1, code: 1, user_id: 2, action: 'IMAGINE', mj_id: '1712345678901234', prompt: 'a cat', prompt_en: 'a cat', description: 'Submit success', submit_time: (NOW - 86400) * 1000,
    start_time: (NOW - 86400) * 1000 + 500, finish_time: (NOW - 86400) * 1000 + 30000, image_url: 'https://cdn.old.example/cat.png', status: 'SUCCESS', progress: '100%', fail_reason: '', channel_id: 1, quota: 50_000, buttons: '[]', properties: '{}',
  });
  await insert(db, 'tasks', {
    id: 1, created_at: NOW - 7200, updated_at: NOW - 7000, task_id: 'suno-task-1', platform: 'suno', user_id: 2, group: 'vip', channel_id: 1, quota: 50_000, action: 'MUSIC', status: 'SUCCESS', fail_reason: '',
    submit_time: NOW - 7200, start_time: NOW - 7190, finish_time: NOW - 7000, progress: '100%', properties: '{"input":"a song"}', data: '[]',
  });
}

/** What the one-api source holds. */
export const OA = {
  root: { username: 'root', password: 'oa-root-pass1' },
  frank: { id: 2, username: 'frank', password: 'frank-pass-12', quota: 3_000_000 },
  key: key48('FrankOneApiKey0123456789'),
  /** The unused redemption code (5000 quota). */
  code: '0123456789abcdef0123456789abcdef',
  codeQuota: 5000,
  channelKeys: ['sk-oa-deepseek-0123456789abcdef', 'minimax-oa-0123456789', 'cohere-oa-0123456789', 'coze-oa-0123456789'],
  /** one-api type -> the Sluice type expected after the import (null: skipped). */
  types: [
    [36, 43],
    [27, 35],
    [35, 34],
    [34, null],
  ] as [number, number | null][],
};

export async function fillOneApi(db: SourceDb, upstream: string): Promise<void> {
  await insert(db, 'users', { id: 1, username: OA.root.username, password: bcrypt(OA.root.password), display_name: 'Root User', role: 100, status: 1, quota: 100_000_000, group: 'default', aff_code: 'oa01', access_token: 'f'.repeat(32) });
  await insert(db, 'users', { id: 2, username: OA.frank.username, password: bcrypt(OA.frank.password), display_name: 'Frank', role: 1, status: 1, quota: OA.frank.quota, used_quota: 1000, request_count: 3, group: 'default', aff_code: 'oa02', inviter_id: 1, email: 'frank@example.com', github_id: 'gh-frank' });
  await insert(db, 'tokens', { id: 1, user_id: 2, key: OA.key, status: 1, name: 'frank-key', created_time: NOW - 86400, expired_time: -1, remain_quota: 1_000_000, unlimited_quota: false, used_quota: 20, models: 'deepseek-chat', subnet: '127.0.0.0/8' });
  const names = ['deepseek', 'minimax', 'cohere', 'coze'];
  for (let i = 0; i < OA.types.length; i++) {
    const [type] = OA.types[i] as [number, number | null];
    await insert(db, 'channels', {
      id: i + 1, type, key: OA.channelKeys[i], status: 1, name: names[i], weight: 0, created_time: NOW - 86400, base_url: i === 0 ? upstream : '', models: i === 0 ? 'deepseek-chat' : 'some-model',
      group: 'default', used_quota: 10 * i, model_mapping: '', priority: 0, config: i === 0 ? '{"region":""}' : '{}', other: '',
    });
  }
  await insert(db, 'abilities', { group: 'default', model: 'deepseek-chat', channel_id: 1, enabled: true, priority: 0 });
  await insert(db, 'options', { key: 'ModelRatio', value: JSON.stringify({ 'deepseek-chat': 0.5 }) });
  await insert(db, 'options', { key: 'CompletionRatio', value: JSON.stringify({ 'deepseek-chat': 2 }) });
  await insert(db, 'options', { key: 'GroupRatio', value: JSON.stringify({ default: 1 }) });
  await insert(db, 'options', { key: 'SystemName', value: 'One API' });
  await insert(db, 'redemptions', { id: 1, user_id: 1, key: OA.code, status: 1, name: 'oa-code', quota: OA.codeQuota, created_time: NOW - 86400, redeemed_time: 0 });
  await insert(db, 'logs', { user_id: 2, created_at: NOW - 600, type: 2, content: '模型倍率 0.50', username: 'frank', token_name: 'frank-key', model_name: 'deepseek-chat', quota: 20, prompt_tokens: 10, completion_tokens: 5, channel_id: 1, request_id: '', elapsed_time: 1500, is_stream: false });
  await insert(db, 'logs', { user_id: 2, created_at: NOW - 500, type: 1, content: '通过兑换码充值', username: 'frank', quota: 1000 });
}
