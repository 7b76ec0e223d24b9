import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { isSluiceMessage, type CastMap, type CastOp, type JobForward, type ToPrimary, type ToWorker } from './protocol';
import { SharedState } from './shared-state';

/** Jobs kept for the queue process while it is (re)starting; past it they are dropped (in-process jobs are lost on restart anyway). */
const MAX_BUFFERED_JOBS = 10_000;
/** A process that dies is started again after this long (doubling while it keeps dying young, up to 30 s). */
const RESTART_DELAY_MS = 500;
const RESTART_DELAY_MAX_MS = 30_000;
/** A process that lived this long before dying is not "dying young". */
const HEALTHY_AFTER_MS = 30_000;

interface Slot {
  index: number;
  worker: Worker | null;
  ready: boolean;
  startedAt: number;
  /** Consecutive early deaths (restart backoff). */
  crashes: number;
}

interface BusFan {
  origin: Worker;
  originId: number;
  waiting: Set<number>;
  /** A gather's answers so far (a bus message has none). */
  values: unknown[] | null;
}

/**
 * The cluster's primary (`npm start` with SLUICE_WORKERS > 1): serves no request itself. It forks
 * one process per worker slot with SLUICE_CLUSTER_INDEX set (index 0 first, alone, so the
 * migrations and the first-boot seeding run once; the others once it listens), restarts a process
 * that dies, and on SIGTERM or SIGINT passes the signal to every process and exits when all have
 * drained. Without Redis it is also what Redis is between nodes: it fans event-bus messages out
 * (answering the sender once every other process has handled one), holds the shared rate-limit
 * and concurrency counters, and hands queue jobs to process 0, which runs the processors.
 */
export async function runPrimary(config: AppConfig, log: Logger): Promise<void> {
  const shared = config.redisUrl === null ? new SharedState() : null;
  const slots: Slot[] = Array.from({ length: config.workers }, (_, index) => ({ index, worker: null, ready: false, startedAt: 0, crashes: 0 }));
  const jobs: JobForward[] = [];
  const fans = new Map<number, BusFan>();
  let fanSeq = 0;
  let stopping = false;
  let booted = false;
  let failed = false;
  const readyWaiters = new Map<number, () => void>();

  const send = (w: Worker | null, msg: ToWorker): void => {
    if (!w || !w.isConnected()) return;
    try {
      w.send(msg);
    } catch {
      // The process is going away; its exit handler cleans up.
    }
  };

  const flushJobs = (): void => {
    const q = slots[0];
    if (!q?.worker || !q.ready) return;
    for (const job of jobs.splice(0)) send(q.worker, { sluice: 'job', ...job });
  };

  const fanDone = (fanId: number, index: number): void => {
    const fan = fans.get(fanId);
    if (!fan || !fan.waiting.delete(index) || fan.waiting.size > 0) return;
    fans.delete(fanId);
    send(fan.origin, { sluice: 'reply', id: fan.originId, ok: true, value: fan.values });
  };

  const onMessage = (slot: Slot, w: Worker, raw: unknown): void => {
    if (!isSluiceMessage(raw)) return;
    const m = raw as ToPrimary;
    switch (m.sluice) {
      case 'ready':
        slot.ready = true;
        readyWaiters.get(slot.index)?.();
        if (slot.index === 0) flushJobs();
        return;
      case 'call': {
        if (!shared) {
          send(w, { sluice: 'reply', id: m.id, ok: false, error: 'no shared counters (Redis is configured)' });
          return;
        }
        try {
          send(w, { sluice: 'reply', id: m.id, ok: true, value: shared.call(m.op, m.args as never) });
        } catch (err) {
          send(w, { sluice: 'reply', id: m.id, ok: false, error: (err as Error).message });
        }
        return;
      }
      case 'cast':
        shared?.cast(m.op, m.args as CastMap[CastOp]);
        return;
      case 'bus':
      case 'gather': {
        const fanId = ++fanSeq;
        const targets = slots.filter((s) => s !== slot && s.worker?.isConnected());
        const fan: BusFan = { origin: w, originId: m.id, waiting: new Set(targets.map((s) => s.index)), values: m.sluice === 'gather' ? [] : null };
        if (fan.waiting.size === 0) {
          send(w, { sluice: 'reply', id: m.id, ok: true, value: fan.values });
          return;
        }
        fans.set(fanId, fan);
        for (const s of targets) send(s.worker, m.sluice === 'bus' ? { sluice: 'bus', id: fanId, topic: m.topic, payload: m.payload } : { sluice: 'gather', id: fanId, topic: m.topic });
        return;
      }
      case 'bus-done':
        fanDone(m.id, slot.index);
        return;
      case 'gathered':
        if (fans.get(m.id)?.waiting.has(slot.index)) fans.get(m.id)?.values?.push(m.value);
        fanDone(m.id, slot.index);
        return;
      case 'job':
        if (jobs.length < MAX_BUFFERED_JOBS) jobs.push({ name: m.name, payload: m.payload, opts: m.opts });
        else log.warn(`job ${m.name} dropped: the queue process has not been back for ${MAX_BUFFERED_JOBS} jobs`);
        flushJobs();
        return;
    }
  };

  const fork = (slot: Slot): Worker => {
    const w = cluster.fork({ SLUICE_CLUSTER_INDEX: String(slot.index) });
    slot.worker = w;
    slot.ready = false;
    slot.startedAt = Date.now();
    w.on('message', (m: unknown) => onMessage(slot, w, m));
    w.on('exit', (code, signal) => onExit(slot, w, code, signal));
    return w;
  };

  const onExit = (slot: Slot, w: Worker, code: number | null, signal: string | null): void => {
    if (slot.worker !== w) return;
    slot.worker = null;
    slot.ready = false;
    // It will not answer the bus messages it was sent.
    for (const id of [...fans.keys()]) fanDone(id, slot.index);
    // The exit code of the primary says whether the drain went well (a crash earlier was handled by a restart).
    if (stopping && code !== 0) failed = true;
    const pid = w.process.pid;
    if (pid !== undefined && !stopping) {
      // With Redis its slots end with their lease, as a dead node's do.
      const freed = shared?.processGone(pid) ?? 0;
      if (freed > 0) log.warn(`process ${slot.index} held ${freed} concurrency slot(s); freed`);
      // Its requests' holds are settled at their checkpoint (or refunded) by the sweeper once they are
      // HOLD_SWEEP_AFTER_SECONDS old: one sweep then, besides the minutely one.
      jobs.push({ name: 'billing.sweep', payload: {}, opts: { jobId: `billing-sweep-exit-${pid}`, delayMs: (config.holdSweepAfterSeconds + 1) * 1000 } });
      flushJobs();
    }
    if (stopping) {
      if (slots.every((s) => s.worker === null)) process.exit(failed ? 1 : 0);
      return;
    }
    if (!booted) {
      log.error(`process ${slot.index} exited during start (${signal ?? `code ${code}`}); stopping`);
      failed = true;
      stop('SIGTERM');
      return;
    }
    slot.crashes = Date.now() - slot.startedAt < HEALTHY_AFTER_MS ? slot.crashes + 1 : 0;
    const delay = Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MS * 2 ** Math.max(0, slot.crashes - 1));
    log.error(`process ${slot.index} (pid ${w.process.pid}) exited (${signal ?? `code ${code}`}); starting another in ${delay} ms${slot.index === 0 ? ' (it ran the queue; the sweeper settles or releases the holds of requests it had in flight)' : ''}`);
    setTimeout(() => {
      if (!stopping) fork(slot);
    }, delay);
  };

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: draining ${slots.filter((s) => s.worker).length} process(es)`);
    // Each process stops accepting, finishes its requests and jobs and exits on its own grace timer; this one is the backstop.
    setTimeout(() => {
      for (const s of slots) s.worker?.process.kill('SIGKILL');
      process.exit(1);
    }, (config.shutdownGraceSeconds + 5) * 1000).unref();
    for (const s of slots) s.worker?.process.kill('SIGTERM');
    if (slots.every((s) => s.worker === null)) process.exit(failed ? 1 : 0);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  const whenReady = (slot: Slot): Promise<void> =>
    new Promise((resolve) => {
      readyWaiters.set(slot.index, () => {
        readyWaiters.delete(slot.index);
        resolve();
      });
    });

  // Process 0 first and alone: it applies the migrations and seeds a new database.
  const first = slots[0] as Slot;
  const firstReady = whenReady(first);
  fork(first);
  await firstReady;
  if (stopping) return;
  const rest = slots.slice(1);
  const restReady = Promise.all(rest.map((s) => whenReady(s)));
  for (const s of rest) fork(s);
  await restReady;
  if (stopping) return;
  booted = true;
  log.info(
    `Sluice listening on http://${config.host}:${config.port} (database: ${config.database.kind}, redis: ${config.redisUrl ? 'on' : 'off'}, role: ${config.role}, processes: ${config.workers}, pids ${slots.map((s) => s.worker?.process.pid).join(' ')})`,
  );
}
