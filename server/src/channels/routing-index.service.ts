import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { EventBus } from '../redis/event-bus.service';
import { CHANNEL_ENABLED, ChannelEntity } from './channel.entity';
import { splitList } from './channel-values';
import { byPriority, pickCandidate, type RouteCandidate } from './routing-pick';

export type { RouteCandidate };

/** A safety net for a lost bus message (Redis restart): every node re-reads the table this often. */
const PERIODIC_RELOAD_MS = 60_000;

/**
 * The routing index: (group, model) -> enabled channels with priority and weight, held in memory
 * and rebuilt from the channels table after every channel write. Other nodes rebuild when the
 * 'channels.changed' bus message arrives (Redis pub/sub), so a disabled channel leaves every
 * node's index within moments. Read by the relay on every request; never touches the database there.
 */
@Injectable()
export class RoutingIndexService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RoutingIndex');
  /** group -> model -> candidates sorted by priority desc. */
  private index = new Map<string, Map<string, RouteCandidate[]>>();
  /** Every model some channel lists (enabled or not) and every channel's status: bounded metric labels. */
  private known: ReadonlySet<string> = new Set();
  private statuses: ReadonlyMap<number, number> = new Map();
  private running: Promise<number> | null = null;
  private pending: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly db: DatabaseService,
    private readonly bus: EventBus,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.rebuild();
    this.unsubscribe = this.bus.on('channels.changed', async () => {
      await this.rebuild();
    });
    this.timer = setInterval(() => {
      this.rebuild().catch((err: unknown) => this.logger.warn(`periodic reload failed: ${(err as Error).message}`));
    }, PERIODIC_RELOAD_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
  }

  /**
   * Re-reads the enabled channels. Calls during a rebuild are folded into one follow-up run, so
   * the index always ends up reflecting a read that started after the last write.
   * Resolves to the number of enabled channels indexed.
   */
  rebuild(): Promise<number> {
    if (!this.running) {
      this.running = this.load().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.pending ??= this.running
      .catch(() => 0)
      .then(() => {
        this.pending = null;
        return this.rebuild();
      });
    return this.pending;
  }

  private async load(): Promise<number> {
    const all = await this.db.manager.find(ChannelEntity, {
      select: { id: true, status: true, group: true, models: true, priority: true, weight: true },
    });
    const known = new Set<string>();
    const statuses = new Map<number, number>();
    for (const row of all) {
      statuses.set(row.id, row.status);
      for (const model of splitList(row.models)) known.add(model);
    }
    const rows = all.filter((row) => row.status === CHANNEL_ENABLED);
    const next = new Map<string, Map<string, RouteCandidate[]>>();
    for (const row of rows) {
      const candidate: RouteCandidate = { channelId: row.id, priority: row.priority, weight: row.weight };
      const models = splitList(row.models);
      for (const group of splitList(row.group)) {
        let byModel = next.get(group);
        if (!byModel) next.set(group, (byModel = new Map()));
        for (const model of models) {
          const list = byModel.get(model);
          if (list) list.push(candidate);
          else byModel.set(model, [candidate]);
        }
      }
    }
    for (const byModel of next.values()) for (const list of byModel.values()) list.sort(byPriority);
    this.index = next;
    this.known = known;
    this.statuses = statuses;
    return rows.length;
  }

  /** Enabled channels for the pair, highest priority first. */
  candidates(group: string, model: string): RouteCandidate[] {
    return (this.index.get(group)?.get(model) ?? []).map((c) => ({ ...c }));
  }

  /**
   * One channel for the pair, skipping `exclude` (channels already tried by this request):
   * the highest remaining priority tier, weighted random inside it. Null when none is left.
   */
  pick(group: string, model: string, exclude: ReadonlySet<number> = new Set(), rand?: () => number): RouteCandidate | null {
    const list = this.index.get(group)?.get(model);
    if (!list) return null;
    const hit = pickCandidate(list, exclude, rand);
    return hit ? { ...hit } : null;
  }

  /** group -> models some enabled channel serves there (pricing page, model lists). */
  enabledModelsByGroup(): Map<string, Set<string>> {
    const out = new Map<string, Set<string>>();
    for (const [group, byModel] of this.index) out.set(group, new Set(byModel.keys()));
    return out;
  }

  /** Whether some channel (enabled or not) lists the model: metric labels stay bounded by the channels. */
  isKnownModel(model: string): boolean {
    return this.known.has(model);
  }

  /** Channel id -> status, as of the last rebuild. */
  channelStatuses(): ReadonlyMap<number, number> {
    return this.statuses;
  }
}
