import { SlidingWindows } from '../rate-limit/sliding-windows';
import { LocalLimitCounters } from '../relay/admission/limits/local-limits';
import type { CallMap, CallOp, CastMap, CastOp } from './protocol';

/**
 * What the primary holds for every process of a cluster without Redis: the limiter's windows and
 * the relay's limit counters, the same in-memory classes a single process uses. One thread
 * answers the calls one at a time, so each check-and-count is atomic across the processes.
 */
export class SharedCounters {
  private readonly windows = new SlidingWindows();
  private readonly limits = new LocalLimitCounters();

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
      default:
        throw new Error(`unknown call ${String(op)}`);
    }
  }

  cast<O extends CastOp>(op: O, args: CastMap[O]): void {
    if (op === 'lim.finish') {
      const a = args;
      this.limits.finish(a.scopes, a.rid, a.actual, a.slot);
    }
  }
}
