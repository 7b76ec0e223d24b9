import { existsSync } from 'node:fs';
import type { DataSource, EntityManager, ObjectLiteral, EntityTarget } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { createDataSource } from '../database/data-source';
import { SecretBox, sha256Hex } from '../common/secrets';
import { DomainError } from '../common/domain-error';
import { t } from '../common/messages';
import { isBcryptHash } from '../common/password';
import { SessionEntity } from '../auth/session.entity';
import { UserEntity, ROLE_ROOT } from '../users/user.entity';
import { TokenEntity } from '../tokens/token.entity';
import { ChannelEntity } from '../channels/channel.entity';
import { OptionEntity } from '../options/option.entity';
import { OPTION_DEFS, isOptionKey, type OptionDef } from '../options/option-registry';
import { normalizeOptionValue } from '../options/options.service';
import { RedemptionEntity } from '../redemptions/redemption.entity';
import { TopUpEntity, type PaymentMethod, type TopUpStatus } from '../payments/top-up.entity';
import { LogEntity } from '../logs/log.entity';
import { CheckinEntity } from '../checkin/checkin.entity';
import { MidjourneyEntity } from '../tasks/midjourney.entity';
import { TaskEntity } from '../tasks/task.entity';
import { announceImport } from './announce';
import { mapChannelType, type SourceKind } from './channel-type-map';
import { bool, cut, float, int, jsonText, quota, rowId, sealable, seconds, str } from './convert';
import { ImportError } from './import-error';
import { openSource, PAGE_SIZE, type Row, type SourceReader } from './source';

export type { SourceKind };

export interface ImportOptions {
  /** sqlite:///abs/path.db, mysql://..., postgres://... */
  source: string;
  from?: SourceKind;
  dryRun?: boolean;
  config: AppConfig;
  /** Progress lines (default: none). */
  progress?: (line: string) => void;
}

export interface ImportSummary {
  kind: SourceKind;
  dryRun: boolean;
  /** Rows written (or that would be written) per Sluice table, in import order. */
  counts: [string, number][];
  /** What did not move, one line each (table, id, reason). */
  skipped: string[];
  /** Accounts kept whose password hash Sluice cannot verify: they must reset their password. */
  passwordResets: string[];
  /** Other things done on the way (type mappings, the first-start root). */
  notes: string[];
}

/** Tables every new-api and one-api database has; a source without one is refused. */
export const REQUIRED_TABLES = ['users', 'tokens', 'channels', 'options', 'redemptions', 'logs'] as const;
/** new-api only (or only in later versions): imported when present. */
const OPTIONAL_TABLES = ['top_ups', 'checkins', 'midjourneys', 'tasks'] as const;

/** Sluice tables whose ids are carried over from the source (sequences are moved past them). */
const ID_TABLES = ['users', 'tokens', 'channels', 'redemptions', 'logs', 'top_ups', 'checkins', 'midjourneys', 'tasks'];

/** new-api has these columns; one-api does not. */
export function detectKind(tokenColumns: string[], userColumns: string[]): SourceKind {
  if (tokenColumns.includes('model_limits') || userColumns.includes('setting') || userColumns.includes('linux_do_id')) return 'new-api';
  if (tokenColumns.includes('models') || tokenColumns.includes('subnet')) return 'one-api';
  return 'new-api';
}

type Writer = EntityManager | null;

/**
 * Takes over a new-api or one-api database: reads the source in pages (SELECT only), converts every
 * row to Sluice's entities and writes them in one transaction of the target (the app's own data
 * source and migrations). The target must be new; on any refusal nothing is written.
 */
export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const say = opts.progress ?? (() => undefined);
  const reader = await openSource(opts.source);
  let ds: DataSource | null = null;
  try {
    let tables: string[];
    try {
      tables = await reader.tables();
    } catch (err) {
      throw new ImportError(`cannot read the source's tables (${(err as Error).message})`);
    }
    const missing = REQUIRED_TABLES.filter((n) => !tables.includes(n));
    if (missing.length > 0) {
      throw new ImportError(`the source has no ${missing.map((m) => `"${m}"`).join(', ')} table: it is not a new-api or one-api database`);
    }
    const kind = opts.from ?? detectKind(await reader.columns('tokens'), await reader.columns('users'));
    say(`source: ${reader.label} (${kind}${opts.from ? ', as given' : ', detected'})`);

    const dryRun = opts.dryRun === true;
    const summary: ImportSummary = { kind, dryRun, counts: [], skipped: [], passwordResets: [], notes: [] };
    const db = opts.config.database;
    const targetExists = db.kind !== 'sqlite' || db.path === ':memory:' || existsSync(db.path);
    if (!dryRun || targetExists) {
      ds = createDataSource(db);
      await ds.initialize();
      keepSourceIds(ds);
      if (!dryRun) {
        const ran = await ds.runMigrations({ transaction: 'each' });
        if (ran.length > 0) say(`target: applied ${ran.length} migration(s)`);
      }
    }
    const migrated = ds !== null && !(await ds.showMigrations());
    const root = migrated && ds ? await checkTargetIsNew(ds.manager) : null;

    const box = new SecretBox(opts.config.encryptionKey);
    const job = new Job(reader, kind, box, summary, say, tables, mysqlTextColumns(ds));
    if (dryRun || !ds) {
      await job.run(null, root);
    } else {
      const target = ds;
      await target.transaction(async (em) => {
        await job.run(em, root);
        // MySQL's AUTO_INCREMENT moves past the ids written by itself; PostgreSQL's sequences do not.
        if (target.options.type === 'postgres') await resetSequences(em);
      });
      if (await announceImport(opts.config, Object.keys(OPTION_DEFS), root?.id ?? null)) {
        summary.notes.push('running Sluice nodes on this Redis were told to reload options, channels and users');
      }
    }
    return summary;
  } finally {
    await reader.close().catch(() => undefined);
    if (ds?.isInitialized) await ds.destroy();
  }
}

/**
 * Rows keep their source ids (logs, tokens and tasks point at users and channels by id). TypeORM
 * writes DEFAULT for a generated primary key on PostgreSQL whatever the entity holds, so on this
 * data source, which lives only for the import, the ids are plain columns; resetSequences moves
 * the sequences past them afterwards.
 */
function keepSourceIds(ds: DataSource): void {
  for (const meta of ds.entityMetadatas) {
    for (const col of meta.primaryColumns) {
      if (col.isGenerated && col.generationStrategy === 'increment') col.isGenerated = false;
    }
  }
}

/** Only the root created at first start may be there: no other user, no channel, no token, no code. */
async function checkTargetIsNew(em: EntityManager): Promise<UserEntity | null> {
  const [users, channels, tokens, codes, logs] = await Promise.all([
    em.count(UserEntity),
    em.count(ChannelEntity),
    em.count(TokenEntity),
    em.count(RedemptionEntity),
    em.count(LogEntity),
  ]);
  const only = users === 1 ? await em.findOne(UserEntity, { where: {} }) : null;
  const fresh = users === 0 || (users === 1 && only !== null && only.role >= ROLE_ROOT);
  if (!fresh || channels > 0 || tokens > 0 || codes > 0 || logs > 0) {
    throw new ImportError(
      `the target database is not new (${users} users, ${channels} channels, ${tokens} tokens, ${codes} redemption codes, ${logs} logs): ` +
        'import only into a fresh Sluice database, which holds nothing but the root account of its first start',
    );
  }
  return only;
}

async function resetSequences(em: EntityManager): Promise<void> {
  for (const table of ID_TABLES) {
    await em.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM "${table}"), false)`);
  }
}

/** What a MySQL text column holds, in bytes (PostgreSQL's and SQLite's text has no such bound). */
const MYSQL_TEXT_BYTES = 65_535;

type TextColumns = Map<unknown, { property: string; column: string }[]>;

/** The text columns of every entity when the target is MySQL (null otherwise): checked before each insert. */
function mysqlTextColumns(ds: DataSource | null): TextColumns | null {
  if (!ds || ds.options.type !== 'mysql') return null;
  const out: TextColumns = new Map();
  for (const meta of ds.entityMetadatas) {
    out.set(
      meta.target,
      meta.columns.filter((c) => c.type === 'text').map((c) => ({ property: c.propertyName, column: c.databaseName })),
    );
  }
  return out;
}

/** A log's `other` JSON with one more key (text that is not a JSON object is kept under source_other). */
function withKey(other: string, key: string, value: unknown): string {
  try {
    const parsed: unknown = JSON.parse(other);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return JSON.stringify({ ...parsed, [key]: value });
  } catch {
    // not JSON: kept below
  }
  return JSON.stringify({ source_other: other, [key]: value });
}

function domainMessage(err: unknown): string {
  if (err instanceof DomainError && err.messageKey) return t(err.messageKey, 'en', err.params);
  return (err as Error).message;
}

class Job {
  private readonly usernames = new Map<string, number>();
  private readonly userIds = new Set<number>();
  private readonly uniques = new Map<string, Map<string, number>>();
  private readonly requestIds = new Set<string>();
  private sourceHasRoot = false;
  /** The imported QuotaPerUnit (what a paid top-up credited per unit). */
  private quotaPerUnit = Number((OPTION_DEFS.QuotaPerUnit as OptionDef).default);
  private maxUserId = 0;

  constructor(
    private readonly reader: SourceReader,
    private readonly kind: SourceKind,
    private readonly box: SecretBox,
    private readonly summary: ImportSummary,
    private readonly say: (line: string) => void,
    private readonly tables: string[],
    private readonly textColumns: TextColumns | null,
  ) {}

  /**
   * On a MySQL target a text value over 65,535 bytes would fail the insert with only a row of the
   * batch named; it is named here with its table and id (in a dry run too), and the import refused.
   */
  private fits(entity: unknown, row: string, e: ObjectLiteral): void {
    for (const { property, column } of this.textColumns?.get(entity) ?? []) {
      const v: unknown = e[property];
      const bytes = typeof v === 'string' ? Buffer.byteLength(v, 'utf8') : 0;
      if (bytes > MYSQL_TEXT_BYTES) {
        throw new ImportError(`${row}: ${column} is ${bytes} bytes as stored, more than a MySQL text column holds (${MYSQL_TEXT_BYTES})`);
      }
    }
  }

  async run(em: Writer, firstStartRoot: UserEntity | null): Promise<void> {
    if (em && firstStartRoot) {
      // Its id and name belong to the source's accounts now; it comes back below if the source has no root.
      await em.delete(SessionEntity, { userId: firstStartRoot.id });
      await em.delete(UserEntity, { id: firstStartRoot.id });
    }
    await this.table('users', 'users', em, UserEntity, (r) => this.user(r));
    this.keepFirstStartRoot(firstStartRoot);
    if (em && firstStartRoot && !this.sourceHasRoot) {
      await em.insert(UserEntity, { ...firstStartRoot, id: this.maxUserId + 1, username: this.freeName(firstStartRoot.username) });
    }
    await this.table('tokens', 'tokens', em, TokenEntity, (r) => this.token(r));
    await this.table('channels', 'channels', em, ChannelEntity, (r) => this.channel(r));
    await this.options(em);
    await this.table('redemptions', 'redemptions', em, RedemptionEntity, (r) => this.redemption(r));
    if (this.tables.includes('top_ups')) await this.table('top_ups', 'top_ups', em, TopUpEntity, (r) => this.topUp(r));
    await this.table('logs', 'logs', em, LogEntity, (r) => this.log(r));
    if (this.tables.includes('checkins')) await this.table('checkins', 'checkins', em, CheckinEntity, (r) => this.checkin(r));
    if (this.tables.includes('midjourneys')) await this.table('midjourneys', 'midjourneys', em, MidjourneyEntity, (r) => this.midjourney(r));
    if (this.tables.includes('tasks')) await this.table('tasks', 'tasks', em, TaskEntity, (r) => this.task(r));
    for (const name of OPTIONAL_TABLES) if (!this.tables.includes(name)) this.summary.notes.push(`${name}: not in the source (nothing to move)`);
  }

  private keepFirstStartRoot(root: UserEntity | null): void {
    if (!root) return;
    if (this.sourceHasRoot) {
      this.summary.notes.push(`the first-start root of the target was replaced by the source's root account`);
    } else {
      this.summary.notes.push(
        `the source has no root account: the first-start root is kept as id ${this.maxUserId + 1} "${this.freeName(root.username)}"`,
      );
    }
  }

  private freeName(name: string): string {
    let candidate = name;
    for (let i = 1; this.usernames.has(candidate); i++) candidate = `${name}-sluice${i === 1 ? '' : i}`;
    return candidate;
  }

  /** Reads one source table page by page, converts, writes (unless dry run), prints progress. */
  private async table<E extends ObjectLiteral>(
    source: string,
    target: string,
    em: Writer,
    entity: EntityTarget<E>,
    convert: (r: Row) => Partial<E> | null,
  ): Promise<void> {
    let after = 0;
    let done = 0;
    for (;;) {
      let rows: Row[];
      try {
        rows = await this.reader.page(source, after, PAGE_SIZE);
      } catch (err) {
        throw new ImportError(`cannot read the source's "${source}" table (${(err as Error).message})`);
      }
      if (rows.length === 0) break;
      const out: Partial<E>[] = [];
      for (const r of rows) {
        const e = convert(r);
        if (!e) continue;
        this.fits(entity, `${source} id ${str(r.id)}`, e);
        out.push(e);
      }
      if (em && out.length > 0) {
        try {
          await em.insert(entity, out as never);
        } catch (err) {
          throw new ImportError(`${source}: rows ${str(rows[0]?.id)}..${str(rows.at(-1)?.id)} break a constraint of the target (${(err as Error).message})`);
        }
      }
      done += out.length;
      after = int(rows.at(-1)?.id);
      this.say(`  ${target}: ${done}`);
    }
    this.summary.counts.push([target, done]);
  }

  /**
   * A value a unique index of the target holds once. Compared without trailing spaces: MySQL's
   * collations pad with spaces ("a" = "a "), so such a pair would break the index there; it is
   * refused on every target, naming both rows, so a source gets the same answer wherever it goes.
   */
  private unique(table: string, id: number, column: string, value: string): void {
    const key = value.replace(/ +$/, '');
    if (key === '') return;
    let seen = this.uniques.get(`${table}.${column}`);
    if (!seen) this.uniques.set(`${table}.${column}`, (seen = new Map()));
    const other = seen.get(key);
    if (other !== undefined) throw new ImportError(`${table} id ${id}: ${column} "${value}" is also used by id ${other}`);
    seen.set(key, id);
  }

  private user(r: Row): Partial<UserEntity> {
    const id = rowId('users', r);
    const username = str(r.username).trim();
    if (username === '') throw new ImportError(`users id ${id}: the username is empty`);
    if (username.length > 64) throw new ImportError(`users id ${id}: the username is longer than 64 characters`);
    const dup = this.usernames.get(username);
    if (dup !== undefined) throw new ImportError(`users id ${id}: duplicate username "${username}" (also id ${dup})`);
    this.usernames.set(username, id);
    this.userIds.add(id);
    this.maxUserId = Math.max(this.maxUserId, id);
    const role = int(r.role, 1);
    const deletedAt = seconds(r.deleted_at);
    if (role >= ROLE_ROOT && deletedAt === null) this.sourceHasRoot = true;

    const stored = str(r.password);
    let passwordHash = '';
    if (isBcryptHash(stored)) passwordHash = stored;
    else if (stored !== '') this.summary.passwordResets.push(`users id ${id} "${username}": password hash in a form Sluice cannot verify; the account is kept and must reset its password`);

    const affCode = str(r.aff_code).trim();
    const ids = { github_id: str(r.github_id), linux_do_id: str(r.linux_do_id), wechat_id: str(r.wechat_id), telegram_id: str(r.telegram_id) };
    for (const [col, v] of Object.entries(ids)) this.unique('users', id, col, v);
    this.unique('users', id, 'aff_code', affCode);
    const access = str(r.access_token).trim();
    this.unique('users', id, 'access_token', access);
    return {
      id,
      username,
      displayName: cut(r.display_name, 64),
      passwordHash,
      email: cut(r.email, 128),
      githubId: cut(ids.github_id, 64),
      linuxdoId: cut(ids.linux_do_id, 64),
      wechatId: cut(ids.wechat_id, 64),
      telegramId: cut(ids.telegram_id, 64),
      quota: quota('users', id, 'quota', r.quota),
      usedQuota: quota('users', id, 'used_quota', r.used_quota),
      requestCount: quota('users', id, 'request_count', r.request_count),
      group: cut(r.group, 64) || 'default',
      role,
      status: int(r.status, 1),
      affCode: affCode === '' ? null : cut(affCode, 32),
      affCount: int(r.aff_count),
      affQuota: quota('users', id, 'aff_quota', r.aff_quota),
      affHistoryQuota: quota('users', id, 'aff_history', r.aff_history),
      inviterId: int(r.inviter_id),
      // Sluice keeps only the sha256 of a management access token; the old one keeps working.
      accessTokenHash: access === '' ? null : sha256Hex(access),
      setting: str(r.setting),
      createdTime: int(r.created_at),
      deletedAt,
    };
  }

  private token(r: Row): Partial<TokenEntity> | null {
    const id = rowId('tokens', r);
    const key = sealable('tokens', id, r.key).replace(/^sk-/, '');
    this.unique('tokens', id, 'key', key);
    const userId = int(r.user_id);
    if (!this.userIds.has(userId)) throw new ImportError(`tokens id ${id}: user_id ${userId} is not in the users table`);
    const unlimited = bool(r.unlimited_quota);
    // new-api: model_limits_enabled + model_limits, allow_ips (one per line); one-api: models, subnet.
    const models = this.kind === 'new-api' ? str(r.model_limits) : str(r.models);
    const limitsEnabled = this.kind === 'new-api' ? bool(r.model_limits_enabled) : models.trim() !== '';
    const ips = (this.kind === 'new-api' ? str(r.allow_ips) : str(r.subnet))
      .split(/[\s,]+/)
      .filter((s) => s !== '')
      .join(',');
    const deletedAt = seconds(r.deleted_at);
    if (deletedAt !== null) {
      this.summary.skipped.push(`tokens id ${id}: deleted in the source`);
      return null;
    }
    return {
      id,
      userId,
      name: cut(r.name, 64),
      keySealed: this.box.seal(key),
      keyHash: sha256Hex(key),
      status: int(r.status, 1),
      remainQuota: quota('tokens', id, 'remain_quota', r.remain_quota, unlimited),
      usedQuota: quota('tokens', id, 'used_quota', r.used_quota),
      unlimitedQuota: unlimited,
      expiredTime: int(r.expired_time, -1),
      createdTime: int(r.created_time),
      accessedTime: int(r.accessed_time),
      modelLimitsEnabled: limitsEnabled,
      modelLimits: models
        .split(',')
        .map((m) => m.trim())
        .filter((m) => m !== '')
        .join(','),
      ipLimits: ips,
      group: cut(r.group, 64),
    };
  }

  private channel(r: Row): Partial<ChannelEntity> | null {
    const id = rowId('channels', r);
    const sourceType = int(r.type);
    const mapped = mapChannelType(this.kind, sourceType);
    if (!mapped) {
      this.summary.skipped.push(`channels id ${id} "${str(r.name)}": ${this.kind} type ${sourceType} has no Sluice adaptor`);
      return null;
    }
    if (mapped.note) this.summary.notes.push(`channels id ${id}: ${mapped.note}`);
    const key = sealable('channels', id, r.key, true);
    // Fields Sluice has no column for stay with the channel, in other_info, so nothing is lost.
    let otherInfo: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(jsonText(r.other_info, '{}'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) otherInfo = parsed as Record<string, unknown>;
    } catch {
      otherInfo = {};
    }
    const kept: Record<string, string> = {};
    for (const col of ['setting', 'settings', 'param_override', 'header_override', 'remark', 'config', 'system_prompt']) {
      const v = str(r[col]).trim();
      if (v !== '' && v !== '{}' && v !== 'null') kept[col] = v;
    }
    if (Object.keys(kept).length > 0) {
      otherInfo.imported = kept;
      this.summary.notes.push(`channels id ${id}: ${Object.keys(kept).join(', ')} kept in other_info.imported (no Sluice column)`);
    }
    const baseUrl = str(r.base_url).trim() || mapped.defaultBaseUrl || '';
    const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));
    return {
      id,
      type: mapped.type,
      name: cut(r.name, 128) || `channel ${id}`,
      status: int(r.status, 1),
      key: this.box.seal(key),
      keyHash: sha256Hex(key),
      group: cut(r.group, 1024) || 'default',
      models: str(r.models),
      otherInfo: JSON.stringify(otherInfo),
      responseTime: int(r.response_time),
      usedQuota: quota('channels', id, 'used_quota', r.used_quota),
      balance: float(r.balance),
      balanceUpdatedTime: int(r.balance_updated_time),
      testTime: int(r.test_time),
      priority: clamp(int(r.priority), -999, 1_000_000_000),
      weight: clamp(int(r.weight), 0, 1_000_000_000),
      baseUrl: baseUrl.slice(0, 1024),
      other: str(r.other),
      testModel: cut(r.test_model, 255),
      modelMapping: jsonText(r.model_mapping),
      statusCodeMapping: jsonText(r.status_code_mapping),
      openaiOrganization: cut(r.openai_organization, 255),
      autoBan: r.auto_ban === undefined || r.auto_ban === null ? 1 : int(r.auto_ban),
      createdTime: int(r.created_time),
      tag: cut(r.tag, 64),
    };
  }

  private async options(em: Writer): Promise<void> {
    let rows: Row[];
    try {
      rows = await this.reader.all('options');
    } catch (err) {
      throw new ImportError(`cannot read the source's "options" table (${(err as Error).message})`);
    }
    const out: { key: string; value: string }[] = [];
    for (const r of rows) {
      const key = str(r.key);
      if (!isOptionKey(key)) {
        this.summary.skipped.push(`options "${key}": Sluice has no such option`);
        continue;
      }
      let value: string;
      try {
        value = normalizeOptionValue(key, OPTION_DEFS[key] as OptionDef, str(r.value));
      } catch (err) {
        this.summary.skipped.push(`options "${key}": ${domainMessage(err)}`);
        continue;
      }
      this.fits(OptionEntity, `options "${key}"`, { key, value });
      out.push({ key, value });
    }
    const perUnit = Number(out.find((o) => o.key === 'QuotaPerUnit')?.value);
    if (Number.isFinite(perUnit) && perUnit > 0) this.quotaPerUnit = perUnit;
    if (em) for (const o of out) await em.upsert(OptionEntity, o, ['key']);
    this.say(`  options: ${out.length}`);
    this.summary.counts.push(['options', out.length]);
  }

  private redemption(r: Row): Partial<RedemptionEntity> | null {
    const id = rowId('redemptions', r);
    const code = sealable('redemptions', id, r.key);
    this.unique('redemptions', id, 'key', code);
    if (seconds(r.deleted_at) !== null) {
      this.summary.skipped.push(`redemptions id ${id}: deleted in the source`);
      return null;
    }
    return {
      id,
      userId: int(r.user_id),
      name: cut(r.name, 64),
      keySealed: this.box.seal(code),
      keyHash: sha256Hex(code),
      status: int(r.status, 1),
      quota: quota('redemptions', id, 'quota', r.quota),
      createdTime: int(r.created_time),
      redeemedTime: int(r.redeemed_time),
      usedUserId: int(r.used_user_id),
      expiredTime: int(r.expired_time),
    };
  }

  private topUp(r: Row): Partial<TopUpEntity> {
    const id = rowId('top_ups', r);
    const tradeNo = cut(r.trade_no, 64) || `import-${id}`;
    this.unique('top_ups', id, 'trade_no', tradeNo);
    const status = str(r.status);
    return {
      id,
      userId: int(r.user_id),
      amount: int(r.amount),
      // The source keeps units only; a paid order credited units × QuotaPerUnit.
      quota: Math.round(int(r.amount) * this.quotaPerUnit),
      moneyCents: Math.round(float(r.money) * 100),
      tradeNo,
      paymentMethod: cut(r.payment_method, 16) as PaymentMethod,
      createTime: int(r.create_time),
      completeTime: int(r.complete_time),
      status: (status === 'success' || status === 'expired' ? status : 'pending') as TopUpStatus,
    };
  }

  private log(r: Row): Partial<LogEntity> {
    const id = rowId('logs', r);
    let requestId: string | null = str(r.request_id).trim() || null;
    let other = jsonText(r.other, '{}');
    if (requestId !== null) {
      if (this.requestIds.has(requestId)) {
        // Sluice keeps request ids unique (one consume log per request); a repeat keeps its id in other.
        other = withKey(other, 'source_request_id', requestId);
        requestId = null;
      } else {
        this.requestIds.add(requestId);
      }
    }
    // one-api: elapsed_time in ms (kept in other as elapsed_ms); new-api: use_time in seconds.
    let useTime = int(r.use_time);
    if (r.use_time === undefined && r.elapsed_time !== undefined) {
      useTime = Math.round(int(r.elapsed_time) / 1000);
      other = withKey(other, 'elapsed_ms', int(r.elapsed_time));
    }
    return {
      id,
      userId: int(r.user_id),
      createdAt: int(r.created_at),
      type: int(r.type),
      content: str(r.content),
      username: cut(r.username, 64),
      tokenName: cut(r.token_name, 64),
      tokenId: int(r.token_id),
      modelName: cut(r.model_name, 128),
      quota: quota('logs', id, 'quota', r.quota, true),
      promptTokens: int(r.prompt_tokens),
      completionTokens: int(r.completion_tokens),
      useTime,
      isStream: bool(r.is_stream),
      channelId: int(r.channel_id ?? r.channel),
      tokenGroup: cut(r.group, 64),
      clientIp: cut(r.ip, 64),
      requestId: requestId === null ? null : requestId.slice(0, 64),
      other,
    };
  }

  private checkin(r: Row): Partial<CheckinEntity> {
    const id = rowId('checkins', r);
    const day = str(r.checkin_date).slice(0, 10);
    this.unique('checkins', id, 'user_id+checkin_date', `${int(r.user_id)}/${day}`);
    return { id, userId: int(r.user_id), day, quotaAwarded: quota('checkins', id, 'quota_awarded', r.quota_awarded), createdAt: int(r.created_at) };
  }

  private midjourney(r: Row): Partial<MidjourneyEntity> {
    const id = rowId('midjourneys', r);
    return {
      id,
      code: int(r.code),
      userId: int(r.user_id),
      tokenId: null,
      action: cut(r.action, 40),
      mjId: cut(r.mj_id, 191),
      prompt: str(r.prompt),
      promptEn: str(r.prompt_en),
      description: str(r.description),
      state: str(r.state),
      submitTime: int(r.submit_time),
      startTime: int(r.start_time),
      finishTime: int(r.finish_time),
      imageUrl: str(r.image_url),
      videoUrl: str(r.video_url),
      videoUrls: str(r.video_urls),
      status: cut(r.status, 20),
      progress: cut(r.progress, 30),
      failReason: str(r.fail_reason),
      channelId: int(r.channel_id),
      quota: quota('midjourneys', id, 'quota', r.quota),
      buttons: str(r.buttons),
      properties: str(r.properties),
    };
  }

  private task(r: Row): Partial<TaskEntity> {
    const id = rowId('tasks', r);
    return {
      id,
      createdAt: int(r.created_at),
      updatedAt: int(r.updated_at),
      taskId: cut(r.task_id, 191),
      platform: cut(r.platform, 30),
      userId: int(r.user_id),
      tokenId: null,
      channelId: int(r.channel_id),
      quota: quota('tasks', id, 'quota', r.quota),
      action: cut(r.action, 40),
      status: cut(r.status, 20),
      failReason: str(r.fail_reason),
      submitTime: int(r.submit_time),
      startTime: int(r.start_time),
      finishTime: int(r.finish_time),
      progress: cut(r.progress, 20),
      properties: str(r.properties),
      data: str(r.data),
    };
  }
}
