import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { PAYMENT_OPTION_KEYS } from '../audit/audit-actions';
import { DatabaseService } from '../database/database.service';
import { OptionsError } from './options.errors';
import type { ErrorCode } from '../common/error-codes';
import { EventBus } from '../redis/event-bus.service';
import { OptionEntity } from './option.entity';
import { checkGroupRateLimits } from '../relay/admission/limits/group-rate-limits';
import { isOptionKey, isSecretKey, OPTION_DEFS, type OptionDef, type OptionKey } from './option-registry';

/**
 * Options live in the `options` table and in memory on every node. A change is written, then
 * announced on the event bus so every node reloads those keys at once.
 */
@Injectable()
export class OptionsService implements OnModuleInit {
  private readonly logger = new Logger('Options');
  private values = new Map<OptionKey, string>();
  private readonly parsed = new Map<OptionKey, unknown>();
  private changes = 0;

  constructor(
    private readonly db: DatabaseService,
    private readonly bus: EventBus,
    private readonly audit: AuditService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.reload();
    this.bus.on('options.changed', async ({ keys }) => {
      await this.reload(keys);
    });
  }

  /** Reloads every key (or the given ones) from the database. */
  async reload(keys?: string[]): Promise<void> {
    const rows = await this.db.manager.find(OptionEntity);
    const stored = new Map(rows.map((r) => [r.key, r.value]));
    const next = keys ? new Map(this.values) : new Map<OptionKey, string>();
    for (const key of Object.keys(OPTION_DEFS) as OptionKey[]) {
      if (keys && !keys.includes(key)) continue;
      next.set(key, stored.get(key) ?? (OPTION_DEFS[key] as OptionDef).default);
      this.parsed.delete(key);
    }
    this.values = next;
    this.changes += 1;
  }

  /**
   * Moves on every reload and every write: while it stands still, every value and every parsed
   * object read here is the one read before (memos of derived values compare it, not each key).
   */
  get generation(): number {
    return this.changes;
  }

  get(key: OptionKey): string {
    return this.values.get(key) ?? (OPTION_DEFS[key] as OptionDef).default;
  }

  bool(key: OptionKey): boolean {
    return this.get(key) === 'true';
  }

  num(key: OptionKey): number {
    const n = Number(this.get(key));
    return Number.isFinite(n) ? n : Number((OPTION_DEFS[key] as OptionDef).default);
  }

  /** Parsed JSON value (cached until the key changes). Malformed stored JSON yields the default. */
  json<T>(key: OptionKey): T {
    if (this.parsed.has(key)) return this.parsed.get(key) as T;
    let value: unknown;
    try {
      value = JSON.parse(this.get(key));
    } catch {
      this.logger.warn(`option ${key} holds malformed JSON; using the default`);
      value = JSON.parse((OPTION_DEFS[key] as OptionDef).default);
    }
    this.parsed.set(key, value);
    return value as T;
  }

  /** Every non-secret option as the console reads it. */
  listVisible(): { key: string; value: string }[] {
    return (Object.keys(OPTION_DEFS) as OptionKey[])
      .filter((k) => !isSecretKey(k))
      .map((key) => ({ key, value: this.get(key) }));
  }

  /** Validates and stores one option. `actorRole` decides root-only keys. */
  async set(actorRole: number, rawKey: string, rawValue: unknown): Promise<void> {
    if (!isOptionKey(rawKey)) throw new OptionsError('option.unknown_key', {}, 400, 'key');
    const key = rawKey;
    const def = OPTION_DEFS[key] as OptionDef;
    if (def.rootOnly && actorRole < 100) {
      await this.audit.record({ action: 'option.change', outcome: 'failure', target: { type: 'option', id: key }, detail: { keys: [key], reason: 'root_only', ...this.auditFlags([key]) } });
      throw OptionsError.of('option.root_only', {}, 403);
    }
    const value = normalizeOptionValue(key, def, rawValue);
    if (def.needsServerAddress && value !== '' && this.get('ServerAddress') === '') {
      throw OptionsError.of('option.server_address_required');
    }
    await this.writeMany([[key, value]]);
  }

  /** Writes several keys in one transaction and tells every node. */
  async writeMany(entries: [OptionKey, string][]): Promise<void> {
    const keys = entries.map(([k]) => k);
    await this.db.write(async (em) => {
      for (const [key, value] of entries) await em.upsert(OptionEntity, { key, value }, ['key']);
      // Key names only, never values (secrets among them).
      await this.audit.recordIn(em, { action: 'option.change', target: { type: 'option', id: keys.join(',') }, detail: { keys, ...this.auditFlags(keys) } });
    });
    for (const [key, value] of entries) {
      this.values.set(key, value);
      this.parsed.delete(key);
    }
    this.changes += 1;
    await this.bus.publish('options.changed', { keys: entries.map(([k]) => k) });
  }

  private auditFlags(keys: string[]): { payment: boolean; secret: boolean } {
    return { payment: keys.some((k) => PAYMENT_OPTION_KEYS.has(k)), secret: keys.some((k) => isOptionKey(k) && isSecretKey(k)) };
  }

  async resetToDefault(key: OptionKey): Promise<void> {
    await this.writeMany([[key, (OPTION_DEFS[key] as OptionDef).default]]);
  }
}

/** A refused option value: the field at fault is `value` (the caller sent the key). */
function refuse(code: ErrorCode, params: Record<string, string | number> = {}): OptionsError {
  return new OptionsError(code, params, 400, 'value');
}

/** Validates one option value by the registry's rules (PUT /api/option/ and the importer); the stored text. */
export function normalizeOptionValue(key: OptionKey, def: OptionDef, raw: unknown): string {
  const text =
    typeof raw === 'string' ? raw : typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw === null || raw === undefined ? '' : JSON.stringify(raw);
  const kind = def.kind;
  switch (kind.type) {
    case 'bool':
      if (text !== 'true' && text !== 'false') throw refuse('option.invalid_bool');
      return text;
    case 'int': {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isInteger(n)) {
        throw key === 'LinuxDoMinLevel' ? refuse('option.linuxdo_min_level') : refuse('option.invalid_integer');
      }
      if ((kind.min !== undefined && n < kind.min) || (kind.max !== undefined && n > kind.max)) {
        if (key === 'LinuxDoMinLevel') throw refuse('option.linuxdo_min_level');
        throw refuse('option.out_of_range', { min: kind.min ?? '-∞', max: kind.max ?? '∞' });
      }
      return String(n);
    }
    case 'number': {
      const n = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(n)) throw refuse('option.invalid_number');
      if ((kind.min !== undefined && n < kind.min) || (kind.max !== undefined && n > kind.max)) {
        throw refuse('option.out_of_range', { min: kind.min ?? '-∞', max: kind.max ?? '∞' });
      }
      return String(n);
    }
    case 'string':
      return kind.max !== undefined ? text.slice(0, kind.max) : text;
    case 'text':
      return text;
    case 'url': {
      const v = text.trim().replace(/\/+$/, '');
      if (v !== '' && !/^https?:\/\/[^\s]+$/i.test(v)) throw refuse('option.invalid_url');
      return v;
    }
    case 'json-object': {
      const parsed = parseJson(text, key === 'TopupGroupRatio' ? 'option.invalid_topup_group_ratio' : 'option.invalid_json');
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        throw key === 'TopupGroupRatio' ? refuse('option.invalid_topup_group_ratio') : refuse('option.invalid_json_object');
      }
      if (key === 'GroupRateLimits') {
        const bad = checkGroupRateLimits(parsed);
        if (bad) throw refuse(`option.group_rate_limits_${bad.problem}`, { path: bad.path.slice(0, 128) });
      }
      return text;
    }
    case 'json-list': {
      const parsed = parseJson(text, 'option.invalid_json');
      if (!Array.isArray(parsed)) throw refuse('option.invalid_json_list');
      return text;
    }
    case 'choice':
      if (!kind.values.includes(text)) throw refuse('option.invalid_choice', { values: kind.values.join(', ') });
      return text;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function parseJson(text: string, key: 'option.invalid_json' | 'option.invalid_topup_group_ratio'): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw refuse(key);
  }
}

export { isSecretKey };
