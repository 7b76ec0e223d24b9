import { AuditService } from '../audit/audit.service';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Brackets, In, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { parsePage } from '../common/pagination';
import type { Principal } from '../common/request-context';
import { SecretBox, sha256Hex } from '../common/secrets';
import { escapeLike, nowSeconds } from '../common/sql';
import { EventBus } from '../redis/event-bus.service';
import { CHANNEL_AUTO_DISABLED, CHANNEL_DISABLED, CHANNEL_ENABLED, ChannelEntity } from './channel.entity';
import { assertKeyFits, keyDestinationChanges, splitKeyLines } from './channel-key';
import { effectiveBaseUrl, splitList } from './channel-values';
import { ChannelsError } from './channels.errors';
import type { ChannelCreateInput, ChannelFields, ChannelListQuery, ChannelSearchQuery, ChannelUpdateInput } from './dto/channel.dto';
import { toChannelView, toRootKeyView, type ChannelView } from './channels.mapper';
import { ModelListFetcher } from './model-list.fetcher';
import { assertBaseUrlReachable } from './private-base-url';
import { OptionsService } from '../options/options.service';
import { RoutingIndexService } from './routing-index.service';

const ROLE_ROOT = 100;
const RELAY_CACHE_MS = 60_000;

/** What the relay needs to call a channel. Holds the plain key: never serialized into a response. */
export interface RelayChannel {
  id: number;
  name: string;
  type: number;
  status: number;
  key: string;
  /** The stored base URL, or the type's default when none is stored ('' when the type has none). */
  baseUrl: string;
  groups: string[];
  models: string[];
  /** Public model name -> upstream model name. */
  modelMapping: Record<string, string>;
  /** Upstream status -> status reported and used for retry decisions ("429" -> "500"). */
  statusCodeMapping: Record<string, string>;
  openaiOrganization: string;
  other: string;
  autoBan: boolean;
  testModel: string;
  priority: number;
  weight: number;
}

/** A fetch of an unsaved channel's model list (POST /api/channel/fetch_models). */
export interface FetchModelsInput {
  key: string;
  type: number;
  base_url: string;
}

/**
 * Channel administration and the relay's access to channels. Every write rebuilds this node's
 * routing index and tells the other nodes through the event bus.
 */
@Injectable()
export class ChannelsService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Channels');
  private readonly box: SecretBox;
  private readonly relayCache = new Map<number, { value: RelayChannel; at: number }>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: DatabaseService,
    private readonly bus: EventBus,
    private readonly routing: RoutingIndexService,
    private readonly fetcher: ModelListFetcher,
    private readonly options: OptionsService,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly audit: AuditService,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  onModuleInit(): void {
    this.unsubscribe = this.bus.on('channels.changed', () => {
      this.relayCache.clear();
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  // ---- reads ----

  async list(actor: Principal, q: ChannelListQuery): Promise<ChannelView[]> {
    const page = parsePage(q.p, q.page_size, 10);
    const qb = this.db.manager.createQueryBuilder(ChannelEntity, 'c');
    this.order(qb, q.id_sort === true);
    const rows = await qb.skip(page.offset).take(page.pageSize).getMany();
    await this.auditKeyView(actor, rows, q.include_key === true);
    return rows.map((c) => this.view(actor, c, q.include_key === true));
  }

  /** Keyword: id, name (substring) or the exact key; group: list membership; model: substring. */
  async search(actor: Principal, q: ChannelSearchQuery): Promise<ChannelView[]> {
    const page = parsePage(q.p, q.page_size, 100);
    const { keyword, group, model } = q;
    const qb = this.db.manager.createQueryBuilder(ChannelEntity, 'c');
    if (keyword !== '') {
      qb.andWhere(
        new Brackets((w) => {
          if (/^\d{1,9}$/.test(keyword)) w.orWhere('c.id = :kid', { kid: Number(keyword) });
          w.orWhere("c.name LIKE :kname ESCAPE '!'", { kname: `%${escapeLike(keyword.slice(0, 128))}%` });
          w.orWhere('c.keyHash = :khash', { khash: sha256Hex(keyword) });
        }),
      );
    }
    if (group !== '') qb.andWhere("CONCAT(',', c.group, ',') LIKE :grp ESCAPE '!'", { grp: `%,${escapeLike(group)},%` });
    if (model !== '') qb.andWhere("c.models LIKE :model ESCAPE '!'", { model: `%${escapeLike(model)}%` });
    this.order(qb, q.id_sort === true);
    const rows = await qb.skip(page.offset).take(page.pageSize).getMany();
    await this.auditKeyView(actor, rows, q.include_key === true);
    return rows.map((c) => this.view(actor, c, q.include_key === true));
  }

  async get(actor: Principal, id: number, includeKey: boolean): Promise<ChannelView> {
    const c = await this.mustFind(id);
    await this.auditKeyView(actor, [c], includeKey);
    return this.view(actor, c, includeKey);
  }

  /** Root reading keys (include_key) leaves one audit row naming the channels, never the keys. */
  private async auditKeyView(actor: Principal, rows: ChannelEntity[], includeKey: boolean): Promise<void> {
    if (!includeKey || actor.role < ROLE_ROOT || rows.length === 0) return;
    const ids = rows.map((c) => c.id);
    await this.audit.record({ action: 'channel.key_view', target: { type: 'channel', id: ids.join(',') }, detail: { ids } });
  }

  // ---- writes ----

  /**
   * Creates one channel, or in batch mode one per key line (the schema checked each key against
   * its type and the number of lines). A copy is a create without id.
   */
  async create(actor: Principal, input: ChannelCreateInput): Promise<ChannelView[]> {
    const { fields } = input;
    assertBaseUrlReachable(fields.baseUrl, this.options.bool('AllowPrivateUpstreamEnabled'));
    const keys = input.batch ? splitKeyLines(fields.key ?? '') : [fields.key ?? ''];
    if (keys.length === 0) throw new ChannelsError('channel.name_key_required', {}, 400, 'key');
    const created = await this.db.write(async (em) => {
      const out: ChannelEntity[] = [];
      for (const key of keys) out.push(await this.insert(em, { ...fields, key }));
      const ids = out.map((c) => c.id);
      await this.audit.recordIn(em, { action: 'channel.create', target: { type: 'channel', id: ids.join(',') }, detail: { ids, type: fields.type ?? 1, name: fields.name ?? '' } });
      return out;
    });
    await this.changed('create');
    return created.map((c) => this.view(actor, c, false));
  }

  /** Server-side copy (admins cannot read keys, so they cannot copy through create). */
  async copy(actor: Principal, id: number, q: { suffix?: string | undefined; reset_balance?: boolean | undefined }): Promise<ChannelView> {
    const src = await this.mustFind(id);
    const tail = q.suffix ?? '_复制';
    const keepBalance = q.reset_balance === false;
    const copy = await this.db.write((em) => {
      const entity = em.create(ChannelEntity, {
        ...src,
        id: undefined,
        name: `${src.name}${tail}`.slice(0, 128),
        usedQuota: 0,
        balance: keepBalance ? src.balance : 0,
        balanceUpdatedTime: keepBalance ? src.balanceUpdatedTime : 0,
        responseTime: 0,
        testTime: 0,
        createdTime: nowSeconds(),
      });
      return em.save(ChannelEntity, entity);
    });
    await this.audit.record({ action: 'channel.create', target: { type: 'channel', id: copy.id }, detail: { ids: [copy.id], copy_of: id } });
    await this.changed('copy');
    return this.view(actor, copy, false);
  }

  /**
   * PUT /api/channel/: a body of only id plus status, priority and/or weight is a quick action;
   * anything else is a whole update where absent fields and a blank key keep their stored values.
   * Keeping the stored key while changing where it is sent (KEY_DESTINATION_FIELDS) is root's
   * alone: otherwise an admin, who cannot read keys, could point a channel at a host of theirs
   * and receive the key with the next test, model list or relay call.
   */
  async update(actor: Principal, input: ChannelUpdateInput, quick: boolean): Promise<ChannelView> {
    const { id, fields } = input;
    if (!quick) assertBaseUrlReachable(fields.baseUrl, this.options.bool('AllowPrivateUpstreamEnabled'));
    const patch = this.toColumns(fields);
    const stored = await this.mustFind(id);
    assertKeyFits(fields.key, fields.type ?? stored.type);
    if (fields.key === undefined && actor.role < ROLE_ROOT && keyDestinationChanges(fields, stored).length > 0) {
      throw ChannelsError.of('channel.key_required_for_upstream_change', {}, 403);
    }
    if (Object.keys(patch).length > 0) {
      const res = await this.db.write((em) => em.createQueryBuilder().update(ChannelEntity).set(patch).where('id = :id', { id }).execute());
      if (DatabaseService.affected(res) !== 1) throw ChannelsError.of('channel.not_found', {}, 404);
      // Field names only; a new key shows as key_changed, never as text.
      const changedFields = Object.keys(fields).filter((k) => k !== 'key');
      await this.audit.record({ action: 'channel.update', target: { type: 'channel', id }, detail: { fields: changedFields, key_changed: fields.key !== undefined && fields.key !== '' } });
      await this.changed('update');
    }
    return this.view(actor, await this.mustFind(id), false);
  }

  async remove(_actor: Principal, id: number): Promise<void> {
    const res = await this.db.write((em) => em.createQueryBuilder().delete().from(ChannelEntity).where('id = :id', { id }).execute());
    if (DatabaseService.affected(res) !== 1) throw ChannelsError.of('channel.not_found', {}, 404);
    await this.audit.record({ action: 'channel.delete', target: { type: 'channel', id }, detail: { ids: [id] } });
    await this.changed('delete');
  }

  /** Deletes every manually or automatically disabled channel; returns how many. */
  async removeDisabled(_actor: Principal): Promise<number> {
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .delete()
        .from(ChannelEntity)
        .where('status IN (:...s)', { s: [CHANNEL_DISABLED, CHANNEL_AUTO_DISABLED] })
        .execute(),
    );
    const n = DatabaseService.affected(res);
    if (n > 0) await this.audit.record({ action: 'channel.delete', target: { type: 'channel', id: 'disabled' }, detail: { disabled: true, count: n } });
    if (n > 0) await this.changed('delete-disabled');
    return n;
  }

  /** Deletes these channels (ids checked, deduplicated and bounded by the schema); returns how many. */
  async removeBatch(_actor: Principal, ids: number[]): Promise<number> {
    const res = await this.db.write((em) => em.delete(ChannelEntity, { id: In(ids) }));
    const n = DatabaseService.affected(res);
    if (n > 0) await this.audit.record({ action: 'channel.delete', target: { type: 'channel', id: ids.join(',') }, detail: { ids, count: n } });
    if (n > 0) await this.changed('delete-batch');
    return n;
  }

  /**
   * Repairs what is derived from the channel rows: normalizes the group and model lists
   * (trimmed, no blanks or duplicates) and rebuilds the routing index on every node.
   * Returns the number of enabled channels now indexed.
   */
  async fix(_actor: Principal): Promise<number> {
    const rows = await this.db.manager.find(ChannelEntity, { select: { id: true, group: true, models: true } });
    const repairs = rows
      .map((r) => ({ id: r.id, group: splitList(r.group).join(',') || 'default', models: splitList(r.models).join(','), before: r }))
      .filter((r) => r.group !== r.before.group || r.models !== r.before.models);
    if (repairs.length > 0) {
      await this.db.write(async (em) => {
        for (const r of repairs) await em.update(ChannelEntity, { id: r.id }, { group: r.group, models: r.models });
      });
    }
    const indexed = await this.routing.rebuild();
    await this.changed('fix');
    return indexed;
  }

  // ---- upstream model lists ----

  async fetchModelsOf(_actor: Principal, id: number): Promise<string[]> {
    const c = await this.mustFind(id);
    return this.fetcher.fetch(c.type, c.baseUrl, this.open(c));
  }

  async fetchModels(_actor: Principal, input: FetchModelsInput): Promise<string[]> {
    return this.fetcher.fetch(input.type, input.base_url, input.key);
  }

  // ---- the relay's side (never serialized) ----

  async getForRelay(id: number): Promise<RelayChannel | null> {
    const hit = this.relayCache.get(id);
    if (hit && Date.now() - hit.at < RELAY_CACHE_MS) return hit.value;
    const c = await this.db.manager.findOne(ChannelEntity, { where: { id } });
    if (!c) return null;
    const value: RelayChannel = {
      id: c.id,
      name: c.name,
      type: c.type,
      status: c.status,
      key: this.open(c),
      baseUrl: effectiveBaseUrl(c.type, c.baseUrl),
      groups: splitList(c.group),
      models: splitList(c.models),
      modelMapping: stringMap(c.modelMapping),
      statusCodeMapping: stringMap(c.statusCodeMapping),
      openaiOrganization: c.openaiOrganization,
      other: c.other,
      autoBan: c.autoBan === 1,
      testModel: c.testModel,
      priority: c.priority,
      weight: c.weight,
    };
    this.relayCache.set(id, { value, at: Date.now() });
    return value;
  }

  /** Auto-disable: only an enabled channel moves to status 3 (compare-and-set). True if it moved. */
  async setStatusBySystem(id: number, status: typeof CHANNEL_AUTO_DISABLED, reason: string): Promise<boolean> {
    const otherInfo = JSON.stringify({ status_reason: reason.slice(0, 1024), status_time: nowSeconds() });
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(ChannelEntity)
        .set({ status, otherInfo })
        .where('id = :id AND status = :on', { id, on: CHANNEL_ENABLED })
        .execute(),
    );
    const moved = DatabaseService.affected(res) === 1;
    if (moved) await this.changed('auto-disable');
    return moved;
  }

  /** Auto-enable: only an auto-disabled channel (status 3) comes back; a manual disable stays. */
  async enableIfAutoDisabled(id: number): Promise<boolean> {
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(ChannelEntity)
        .set({ status: CHANNEL_ENABLED })
        .where('id = :id AND status = :auto', { id, auto: CHANNEL_AUTO_DISABLED })
        .execute(),
    );
    const moved = DatabaseService.affected(res) === 1;
    if (moved) await this.changed('auto-enable');
    return moved;
  }

  /** Adds served quota to the channel's counter inside the caller's settlement transaction. */
  async addUsedQuota(em: EntityManager, id: number, quota: number): Promise<void> {
    if (!Number.isSafeInteger(quota) || quota <= 0) return;
    await em
      .createQueryBuilder()
      .update(ChannelEntity)
      .set({ usedQuota: () => `used_quota + ${quota}` })
      .where('id = :id', { id })
      .execute();
  }

  /** Stores a channel test's outcome (response time in ms). */
  async recordTest(id: number, responseTimeMs: number): Promise<void> {
    const ms = Math.max(0, Math.min(Math.round(responseTimeMs), 2_000_000_000));
    await this.db.write((em) => em.update(ChannelEntity, { id }, { responseTime: ms, testTime: nowSeconds() }));
  }

  /** Stores an upstream balance (USD, informational). */
  async recordBalance(id: number, balance: number): Promise<void> {
    if (!Number.isFinite(balance)) return;
    await this.db.write((em) => em.update(ChannelEntity, { id }, { balance, balanceUpdatedTime: nowSeconds() }));
  }

  // ---- internals ----

  private async insert(em: EntityManager, f: Partial<ChannelFields>): Promise<ChannelEntity> {
    const entity = em.create(ChannelEntity, {
      type: f.type ?? 1,
      name: f.name ?? '',
      status: f.status ?? CHANNEL_ENABLED,
      group: f.group ?? 'default',
      models: f.models ?? '',
      otherInfo: '{}',
      baseUrl: f.baseUrl ?? '',
      other: f.other ?? '',
      testModel: f.testModel ?? '',
      modelMapping: f.modelMapping ?? '',
      statusCodeMapping: f.statusCodeMapping ?? '',
      openaiOrganization: f.openaiOrganization ?? '',
      maInputTokens: f.maInputTokens ?? 0,
      autoBan: f.autoBan ?? 1,
      testModels: f.testModels ?? '',
      tag: f.tag ?? '',
      priority: f.priority ?? 0,
      weight: f.weight ?? 0,
      createdTime: nowSeconds(),
      ...this.sealed(f.key ?? ''),
    });
    return em.save(ChannelEntity, entity);
  }

  /** Parsed fields to entity columns; the key is sealed and hashed. */
  private toColumns(f: Partial<ChannelFields>): Partial<ChannelEntity> {
    const { key, ...rest } = f;
    return { ...rest, ...(key !== undefined ? this.sealed(key) : {}) };
  }

  private sealed(plain: string): { key: string; keyHash: string } {
    return { key: this.box.seal(plain), keyHash: sha256Hex(plain) };
  }

  private open(c: ChannelEntity): string {
    try {
      return this.box.open(c.key);
    } catch {
      // A key sealed under another ENCRYPTION_KEY: unusable, reported as empty.
      this.logger.warn(`channel ${c.id}: stored key cannot be decrypted with the configured ENCRYPTION_KEY`);
      return '';
    }
  }

  /** Only root, and only when asking with include_key, receives keys. */
  private view(actor: Principal, c: ChannelEntity, includeKey: boolean): ChannelView {
    return includeKey && actor.role >= ROLE_ROOT ? toRootKeyView(c, this.open(c)) : toChannelView(c);
  }

  private order(qb: ReturnType<EntityManager['createQueryBuilder']>, idSort: boolean): void {
    if (idSort) qb.orderBy('c.id', 'DESC');
    else qb.orderBy('c.priority', 'DESC').addOrderBy('c.id', 'DESC');
  }

  private async mustFind(id: number): Promise<ChannelEntity> {
    const c = await this.db.manager.findOne(ChannelEntity, { where: { id } });
    if (!c) throw ChannelsError.of('channel.not_found', {}, 404);
    return c;
  }

  /** This node's index first (read-your-writes), then every other node. */
  private async changed(reason: string): Promise<void> {
    this.relayCache.clear();
    await this.routing.rebuild();
    await this.bus.publish('channels.changed', { reason });
  }
}

/** A stored mapping (validated on write) as a string map; malformed rows count as empty. */
function stringMap(raw: string): Record<string, string> {
  if (raw.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (typeof x === 'string' || typeof x === 'number') out[k] = String(x);
    return out;
  } catch {
    return {};
  }
}
