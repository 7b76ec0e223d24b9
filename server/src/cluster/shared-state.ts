import { SlidingWindows } from '../rate-limit/sliding-windows';
import { LocalLimitCounters } from '../relay/admission/limits/local-limits';
import { MemoryKv } from './memory-kv';
import type { CallMap, CallOp, CastMap, CastOp } from './protocol';

/**
 * What the primary holds for every process of a cluster without Redis: the limiter's windows, the
 * relay's limit counters (the same in-memory classes a single process uses) and a few Redis-like
 * keys (MemoryKv) for the channel runs' generations and progress and the channel affinity. One thread
 * answers the calls one at a time, so each check-and-count is atomic across the processes.
 */
export class SharedState {
  private readonly windows = new SlidingWindows();
  private readonly limits = new LocalLimitCounters();
  private readonly kv = new MemoryKv();

  call<O extends CallOp>(op: O, args: CallMap[O]['args']): CallMap[O]['result'] {
    switch (op) {
      case 'rl.hit': {
        const a = args as CallMap['rl.hit']['args'];
        return this.windows.hit(a.key, a.windowMs, a.limit);
      }
      case 'lim.admit': {
        const a = args as CallMap['lim.admit']['args'];
        return this.limits.admit(a.scopes, a.rid, a.need, a.leaseMs);
      }
      case 'lim.inspect':
        return this.limits.inspect((args as CallMap['lim.inspect']['args']).scopeId);
      case 'kv.get':
        return this.kv.get((args as CallMap['kv.get']['args']).key);
      case 'kv.incr':
        return this.kv.incr((args as CallMap['kv.incr']['args']).key);
      case 'kv.hgetall':
        return this.kv.hgetall((args as CallMap['kv.hgetall']['args']).key);
      case 'kv.hget': {
        const a = args as CallMap['kv.hget']['args'];
        return this.kv.hget(a.key, a.field);
      }
      case 'kv.hset': {
        const a = args as CallMap['kv.hset']['args'];
        this.kv.hset(a.key, a.fields, a.ttlMs);
        return null;
      }
      case 'kv.hincrby': {
        const a = args as CallMap['kv.hincrby']['args'];
        this.kv.hincrby(a.key, a.by);
        return null;
      }
      default:
        throw new Error(`unknown call ${String(op)}`);
    }
  }

  /** A process died: the concurrency slots its requests held are free at once (RelayLimits' ids start with the pid). */
  processGone(pid: number): number {
    return this.limits.releaseSlots(`${pid.toString(36)}.`);
  }

  cast<O extends CastOp>(op: O, args: CastMap[O]): void {
    if (op === 'lim.finish') {
      const a = args as CastMap['lim.finish'];
      this.limits.finish(a.scopes, a.rid, a.actual, a.slot);
    } else if (op === 'kv.set') {
      const a = args as CastMap['kv.set'];
      this.kv.set(a.key, a.value, a.ttlMs);
    }
  }
}
