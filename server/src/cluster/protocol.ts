import type { RateDecision } from '../rate-limit/sliding-windows';
import type { AdmitResult, Scope } from '../relay/admission/limits/local-limits';

/**
 * The IPC between the cluster's primary and the processes it forks (JSON over node:cluster's
 * channel). Every message carries `sluice` so anything else on the channel is ignored.
 */

/** Calls the primary answers (its shared counters; one thread, so each call is atomic). */
export interface CallMap {
  /** RateLimiter's sliding window. */
  'rl.hit': { args: { key: string; windowMs: number; limit: number }; result: RateDecision };
  /** RelayLimits' admission. */
  'lim.admit': { args: { scopes: Scope[]; rid: string; need: number; leaseMs: number }; result: AdmitResult };
  'lim.inspect': { args: { scopeId: string }; result: { requests: number; tokens: number; slots: number } };
  /** MemoryKv: the small shared states Redis holds between nodes (channel runs). */
  'kv.get': { args: { key: string }; result: string | null };
  'kv.incr': { args: { key: string }; result: number };
  'kv.hgetall': { args: { key: string }; result: Record<string, string> };
  'kv.hget': { args: { key: string; field: string }; result: string | null };
  'kv.hset': { args: { key: string; fields: Record<string, string>; ttlMs: number }; result: null };
  'kv.hincrby': { args: { key: string; by: Record<string, number> }; result: null };
}
export type CallOp = keyof CallMap;

/** Messages the primary acts on without answering. */
export interface CastMap {
  /** RelayLimits' settlement / slot release. */
  'lim.finish': { scopes: Scope[]; rid: string; actual: number; slot: boolean };
  /** MemoryKv SET with a TTL (channel affinity's bindings: written after the answer, nobody waits). */
  'kv.set': { key: string; value: string; ttlMs: number };
}
export type CastOp = keyof CastMap;

export interface JobForward {
  name: string;
  payload: unknown;
  opts: unknown;
}

export type ToPrimary =
  /** The process listens: the primary starts the next one. */
  | { sluice: 'ready' }
  | { sluice: 'call'; id: number; op: CallOp; args: unknown }
  | { sluice: 'cast'; op: CastOp; args: unknown }
  /** An event-bus message for every other process; answered with a `reply` once each has handled it. */
  | { sluice: 'bus'; id: number; topic: string; payload: unknown }
  /** This process has handled forwarded bus message `id`. */
  | { sluice: 'bus-done'; id: number }
  /** Asks every other process for its answer to `topic`; the `reply` carries their answers (an array). */
  | { sluice: 'gather'; id: number; topic: string }
  /** This process's answer to forwarded gather `id`. */
  | { sluice: 'gathered'; id: number; value: unknown }
  /** A queue job for the process that runs the processors. */
  | ({ sluice: 'job' } & JobForward);

export type ToWorker =
  | { sluice: 'reply'; id: number; ok: true; value: unknown }
  | { sluice: 'reply'; id: number; ok: false; error: string }
  | { sluice: 'bus'; id: number; topic: string; payload: unknown }
  | { sluice: 'gather'; id: number; topic: string }
  | ({ sluice: 'job' } & JobForward);

export function isSluiceMessage(m: unknown): m is { sluice: string } {
  return typeof m === 'object' && m !== null && typeof (m as { sluice?: unknown }).sluice === 'string';
}
