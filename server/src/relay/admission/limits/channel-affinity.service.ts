import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { ClusterLink } from '../../../cluster/cluster-link.service';
import { OptionsService } from '../../../options/options.service';
import { RedisService } from '../../../redis/redis.service';

const LOCAL_MAX = 100_000;

/**
 * The affinity key a request carries, or null: OpenAI `prompt_cache_key`, Anthropic
 * `metadata.user_id`, Gemini `cachedContent`, else a `session_id` / `x-session-id` header.
 */
export function affinityKeyOf(body: unknown, sessionHeader: string | undefined): string | null {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    if (typeof b.prompt_cache_key === 'string' && b.prompt_cache_key !== '') return b.prompt_cache_key;
    const meta = b.metadata;
    if (meta !== null && typeof meta === 'object' && typeof (meta as Record<string, unknown>).user_id === 'string') {
      const u = (meta as Record<string, string>).user_id as string;
      if (u !== '') return u;
    }
    if (typeof b.cachedContent === 'string' && b.cachedContent !== '') return b.cachedContent;
  }
  return sessionHeader !== undefined && sessionHeader !== '' ? sessionHeader : null;
}

/** A bound key: where it is stored (the key as sent is never stored, only its sha256). */
export interface AffinityRef {
  slot: string;
}

/**
 * Channel affinity (issue 26): a request carrying a key goes to the channel that served that key
 * last, so the upstream's prompt cache hits. Bindings are per (group, model, key hash), shared
 * through Redis with a TTL when present, else with the cluster's primary (SLUICE_WORKERS > 1), else
 * kept in this process with the same TTL.
 */
@Injectable()
export class ChannelAffinity {
  private readonly logger = new Logger('ChannelAffinity');
  private readonly local = new Map<string, { channelId: number; until: number }>();

  constructor(
    private readonly options: OptionsService,
    private readonly redis: RedisService,
    private readonly cluster: ClusterLink,
  ) {}

  /** Null when the option is off or the request carries no key (no work then). */
  ref(group: string, model: string, body: unknown, sessionHeader: string | undefined): AffinityRef | null {
    if (!this.options.bool('ChannelAffinityEnabled')) return null;
    const key = affinityKeyOf(body, sessionHeader);
    if (key === null) return null;
    const hash = createHash('sha256').update(group).update('\u0000').update(model).update('\u0000').update(key).digest('hex');
    return { slot: this.redis.key('aff', hash) };
  }

  /** The channel the key is bound to, or null. A Redis fault reads as "unbound". */
  async bound(ref: AffinityRef): Promise<number | null> {
    const client = this.redis.client;
    if (client) {
      try {
        const v = await client.get(ref.slot);
        return v === null ? null : Number(v);
      } catch (err) {
        this.logger.warn(`redis affinity read failed: ${(err as Error).message}`);
        return null;
      }
    }
    if (this.cluster.active) {
      try {
        const v = await this.cluster.call('kv.get', { key: ref.slot });
        return v === null ? null : Number(v);
      } catch (err) {
        this.logger.warn(`cluster affinity read failed: ${(err as Error).message}`);
        return null;
      }
    }
    const hit = this.local.get(ref.slot);
    if (!hit) return null;
    if (hit.until <= Date.now()) {
      this.local.delete(ref.slot);
      return null;
    }
    return hit.channelId;
  }

  /** Binds the key to the channel that served it (TTL renewed on every success). Never throws. */
  bind(ref: AffinityRef, channelId: number): void {
    const ttl = Math.max(1, this.options.num('ChannelAffinityTTLSeconds'));
    const client = this.redis.client;
    if (client) {
      client.set(ref.slot, String(channelId), 'EX', ttl).catch((err: unknown) => this.logger.warn(`redis affinity write failed: ${(err as Error).message}`));
      return;
    }
    if (this.cluster.active) {
      this.cluster.cast('kv.set', { key: ref.slot, value: String(channelId), ttlMs: ttl * 1000 });
      return;
    }
    if (this.local.size >= LOCAL_MAX) {
      const now = Date.now();
      for (const [k, v] of this.local) if (v.until <= now) this.local.delete(k);
      if (this.local.size >= LOCAL_MAX) this.local.clear();
    }
    this.local.set(ref.slot, { channelId, until: Date.now() + ttl * 1000 });
  }

  /** The in-process slots (tests check that no key is held as sent). */
  localSlots(): string[] {
    return [...this.local.keys()];
  }
}
