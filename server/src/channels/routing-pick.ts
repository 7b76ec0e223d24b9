/** One channel able to serve a (group, model) pair. */
export interface RouteCandidate {
  channelId: number;
  priority: number;
  weight: number;
}

/** Highest priority first; ties by id so the order is stable across rebuilds and nodes. */
export function byPriority(a: RouteCandidate, b: RouteCandidate): number {
  return b.priority - a.priority || a.channelId - b.channelId;
}

/**
 * Chooses a channel: the highest priority tier that still has a channel outside `exclude`
 * (channels already tried in this request), then a weighted random draw inside that tier.
 * A weight-0 channel is drawn only when every remaining channel of its tier weighs 0 (uniform).
 * `rand` returns a number in [0, 1) (seedable in tests).
 */
export function pickCandidate(
  candidates: readonly RouteCandidate[],
  exclude: ReadonlySet<number>,
  rand: () => number = Math.random,
): RouteCandidate | null {
  const sole = soleTop(candidates, exclude);
  if (sole !== undefined) {
    // The draw below can only land on it (the random number is still taken, as there); a tier of
    // weight 0 is drawn by index, where a point that is not a number lands on none.
    const r = Math.min(Math.max(rand(), 0), 1 - Number.EPSILON);
    return sole.weight === 0 && Number.isNaN(r) ? null : sole;
  }
  const open = candidates.filter((c) => !exclude.has(c.channelId));
  if (open.length === 0) return null;
  const top = Math.max(...open.map((c) => c.priority));
  const tier = open.filter((c) => c.priority === top).sort(byPriority);
  const total = tier.reduce((sum, c) => sum + c.weight, 0);
  const r = Math.min(Math.max(rand(), 0), 1 - Number.EPSILON);
  if (total === 0) return tier[Math.floor(r * tier.length)] ?? null;
  let point = r * total;
  for (const c of tier) {
    if (c.weight === 0) continue;
    if (point < c.weight) return c;
    point -= c.weight;
  }
  // Floating-point leftovers land on the last weighted channel.
  return [...tier].reverse().find((c) => c.weight > 0) ?? null;
}

/**
 * The top tier's only candidate outside `exclude` when its weight is 0 or positive and finite (the
 * usual (group, model) pair has one channel there): the draw picks it whatever the random point
 * (but a point that is not a number on weight 0). Undefined in every other case (ties, odd
 * numbers), which take the general walk.
 */
function soleTop(candidates: readonly RouteCandidate[], exclude: ReadonlySet<number>): RouteCandidate | undefined {
  let top: RouteCandidate | undefined;
  let tied = false;
  for (const c of candidates) {
    if (exclude.has(c.channelId)) continue;
    if (Number.isNaN(c.priority)) return undefined;
    if (top === undefined || c.priority > top.priority) {
      top = c;
      tied = false;
    } else if (c.priority === top.priority) tied = true;
  }
  return top !== undefined && !tied && (top.weight === 0 || (top.weight > 0 && Number.isFinite(top.weight))) ? top : undefined;
}
