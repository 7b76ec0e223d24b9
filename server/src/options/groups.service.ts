import { Injectable } from '@nestjs/common';
import { OptionsService } from './options.service';

/**
 * Groups are derived from options: GroupRatio names every group, UserUsableGroups says which a
 * user may pick (with a description), HiddenGroups hides some, GroupDisplayNames renames them.
 */
@Injectable()
export class GroupsService {
  constructor(private readonly options: OptionsService) {}

  /** Every group name known to the ratio table. */
  allGroups(): string[] {
    return Object.keys(this.ratios());
  }

  ratios(): Record<string, number> {
    const raw = this.options.json<Record<string, unknown>>('GroupRatio');
    const out: Record<string, number> = {};
    for (const [k, v] of Object.entries(raw ?? {})) {
      const n = typeof v === 'number' ? v : Number(v);
      if (Number.isFinite(n) && n >= 0) out[k] = n;
    }
    return out;
  }

  ratio(group: string): number {
    return this.ratios()[group] ?? 1;
  }

  /** group -> label for the groups a user of `userGroup` may choose (tokens, playground). */
  usable(userGroup: string | null): Record<string, string> {
    const usable = this.options.json<Record<string, unknown>>('UserUsableGroups') ?? {};
    const hidden = new Set(this.options.json<unknown[]>('HiddenGroups').filter((g): g is string => typeof g === 'string'));
    const names = this.options.json<Record<string, unknown>>('GroupDisplayNames') ?? {};
    const out: Record<string, string> = {};
    for (const [group, desc] of Object.entries(usable)) {
      if (hidden.has(group)) continue;
      const display = names[group];
      out[group] = typeof display === 'string' && display !== '' ? display : typeof desc === 'string' ? desc : group;
    }
    if (userGroup && !(userGroup in out)) {
      const display = names[userGroup];
      out[userGroup] = typeof display === 'string' && display !== '' ? display : userGroup;
    }
    return out;
  }

  /** The usable groups with their ratio and label (GET /api/user/self/groups). */
  usableWithRatios(userGroup: string | null): Record<string, { ratio: number; desc: string }> {
    const out: Record<string, { ratio: number; desc: string }> = {};
    for (const [group, desc] of Object.entries(this.usable(userGroup))) out[group] = { ratio: this.ratio(group), desc };
    return out;
  }

  canUse(userGroup: string, group: string): boolean {
    return group in this.usable(userGroup);
  }
}
