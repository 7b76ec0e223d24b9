// The load generator: closed-loop workers on undici keep-alive pools, plus the held-streams
// opener for the open-streams test. Runs in the bench process.

import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

const DONE = 'data: [DONE]';
/** What a good answer holds: OpenAI chat by default; the Anthropic inbound passes its own. */
export const OPENAI_MARKS = { json: '"choices"', done: DONE };
export const ANTHROPIC_MARKS = { json: '"content"', done: 'event: message_stop' };
/** A Gemini stream (alt=sse) ends with the candidate's finish reason in its last event. */
export const GEMINI_MARKS = { json: '"candidates"', done: '"finishReason"' };
const ERROR_SAMPLES = 5;

/** A keep-alive pool for one target (one connection per concurrent worker at most). */
export function newPool(origin, connections) {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
}

class Errors {
  constructor() {
    this.count = 0;
    this.byKind = new Map();
    this.samples = [];
  }
  add(kind, detail) {
    this.count++;
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    if (this.samples.length < ERROR_SAMPLES) this.samples.push(detail ? `${kind}: ${detail}` : kind);
  }
  toJSON() {
    return { count: this.count, byKind: Object.fromEntries(this.byKind), samples: this.samples };
  }
}

async function drainText(body, max = 300) {
  try {
    const t = await body.text();
    return t.length > max ? `${t.slice(0, max)}...` : t;
  } catch {
    return '';
  }
}

/**
 * One request. Non-stream: the whole body must arrive and hold "choices". Stream: the time of the
 * first body chunk is the first-chunk time, and the stream must end with `data: [DONE]`.
 * Returns { ok, ttfc (ms from t0, streams only), kind, detail }.
 */
async function once(dispatcher, req, stream, t0, marks = OPENAI_MARKS) {
  let res;
  try {
    res = await dispatcher.request(req);
  } catch (err) {
    return { ok: false, kind: err.code ?? err.name ?? 'error', detail: err.message };
  }
  if (res.statusCode !== 200) return { ok: false, kind: `HTTP ${res.statusCode}`, detail: await drainText(res.body) };
  try {
    if (!stream) {
      const buf = Buffer.from(await res.body.arrayBuffer());
      return buf.includes(marks.json) ? { ok: true } : { ok: false, kind: 'bad body', detail: buf.toString('utf8', 0, 200) };
    }
    let ttfc = -1;
    let prev = null;
    let last = null;
    for await (const chunk of res.body) {
      if (ttfc < 0) ttfc = performance.now() - t0;
      prev = last;
      last = chunk;
    }
    const tail = (prev ? Buffer.concat([prev, last]) : (last ?? Buffer.alloc(0))).toString('utf8');
    return tail.includes(marks.done) ? { ok: true, ttfc } : { ok: false, kind: `stream without ${marks.done}`, detail: tail.slice(-200) };
  } catch (err) {
    return { ok: false, kind: err.code ?? err.name ?? 'error', detail: err.message };
  }
}

/**
 * How long to spread the starts of concurrent streams over: one stream's length (its chunks, the
 * first chunk and the end), so streams of equal length do not arrive in waves for a whole phase.
 */
export function streamStaggerMs(chunks, delayMs) {
  return (chunks + 3) * delayMs;
}

/**
 * Closed loop: `concurrency` workers each send the next request as soon as the last one ends,
 * for `seconds` (worker starts spread over `staggerMs`). The measured window starts after
 * `warmupMs` (so connection set-up and the burst of the first requests are not in the figures)
 * and ends at the deadline; `onWindow('start'|'end')` runs at both edges so the caller can read
 * CPU counters at the same instants.
 *
 * Returns { completed, windowMs, latencies[], ttfcs[], errors } where completed counts requests
 * that ended inside the window, latencies/ttfcs cover requests that started inside it.
 */
export async function closedLoop({ dispatcher, req, stream, concurrency, seconds, warmupMs, staggerMs = 0, onWindow, marks = OPENAI_MARKS }) {
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let inWindow = false;
  let windowStart = 0;
  let windowEnd = 0;
  let completed = 0;
  const latencies = [];
  const ttfcs = [];
  const errors = new Errors();

  const tStart = setTimeout(() => {
    onWindow?.('start');
    windowStart = performance.now();
    inWindow = true;
  }, warmupMs);
  const tEnd = setTimeout(() => {
    inWindow = false;
    windowEnd = performance.now();
    onWindow?.('end');
  }, deadline - start);

  const worker = async (_, i) => {
    // Spread the first requests over staggerMs: streams of equal length started together
    // would otherwise arrive in waves of `concurrency` for the whole phase.
    if (staggerMs > 0) await new Promise((resolve) => setTimeout(resolve, (i * staggerMs) / concurrency));
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const startedInWindow = inWindow;
      const r = await once(dispatcher, req, stream, t0, marks);
      if (!r.ok) {
        errors.add(r.kind, r.detail);
        continue;
      }
      if (inWindow) completed++;
      if (startedInWindow) {
        latencies.push(performance.now() - t0);
        if (stream) ttfcs.push(r.ttfc);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  clearTimeout(tStart);
  clearTimeout(tEnd);
  if (windowEnd === 0) {
    // Every worker ended before the timer (all requests failing fast): close the window now.
    windowEnd = performance.now();
    onWindow?.('end');
  }
  return { completed, windowMs: windowStart > 0 ? windowEnd - windowStart : 0, latencies, ttfcs, errors: errors.toJSON() };
}

/**
 * Open loop: requests offered at a fixed `rate` per second, evenly spaced, each started on time
 * whether or not earlier ones have ended (so a slow target meets a queue, as a real one would,
 * instead of being offered less). A request's first-chunk time is measured from the instant it was
 * due, not from when the loop got round to sending it, so a late start counts against the target
 * (no coordinated omission). Requests due inside the window after `warmupMs` are measured;
 * `onWindow` as in closedLoop. Returns { offered, completed, windowMs, ttfcs[], latencies[], late, errors }.
 */
export async function openLoop({ dispatcher, req, stream, rate, seconds, warmupMs, onWindow, marks = OPENAI_MARKS }) {
  const interval = 1000 / rate;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const windowStart = start + warmupMs;
  const ttfcs = [];
  const latencies = [];
  const errors = new Errors();
  const inflight = new Set();
  let offered = 0;
  let completed = 0;
  let late = 0;
  let opened = false;
  for (let i = 0; ; i++) {
    const due = start + i * interval;
    if (due >= deadline) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (!opened && due >= windowStart) {
      opened = true;
      onWindow?.('start');
    }
    const measured = due >= windowStart;
    if (measured) {
      offered++;
      // More than one interval behind: the generator itself could not keep the rate.
      if (performance.now() - due > interval) late++;
    }
    const p = once(dispatcher, req, stream, due, marks).then((r) => {
      inflight.delete(p);
      if (!measured) return;
      if (!r.ok) {
        errors.add(r.kind, r.detail);
        return;
      }
      completed++;
      latencies.push(performance.now() - due);
      if (stream) ttfcs.push(r.ttfc);
    });
    inflight.add(p);
  }
  // The window covers the requests offered in it; their ends are awaited before it closes, so the
  // CPU counted is what those requests cost.
  await Promise.all(inflight);
  if (!opened) onWindow?.('start');
  onWindow?.('end');
  const windowMs = Math.max(0, deadline - windowStart);
  return { offered, completed, windowMs, latencies, ttfcs, late, errors: errors.toJSON() };
}

/**
 * Opens `count` streams on their own connections, at most `openConcurrency` being set up at a
 * time, and keeps them open (the fake holds every stream after its first chunk). A stream counts
 * as open when its first chunk arrives. Resolves when every stream is open or failed, or at
 * `rampTimeoutMs` (streams not started by then are not attempted);
 * `finished` resolves when every open stream has ended (after the fake is told to release them).
 */
export async function openHeldStreams({ origin, req, count, openConcurrency, openTimeoutMs, rampTimeoutMs, onProgress }) {
  const pool = new Pool(origin, {
    connections: count,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    headersTimeout: 0,
    bodyTimeout: 0,
    connectTimeout: 30_000,
  });
  const errors = new Errors();
  let opened = 0;
  let ended = 0;
  const t0 = performance.now();
  // No new stream starts after this, and none waits past it for its first chunk: a target that
  // stalls must not hold the whole run (streams held open for minutes also start timing out).
  const rampDeadline = t0 + rampTimeoutMs;
  const finishers = [];

  const openOne = () =>
    new Promise((resolveOpen) => {
      const ac = new AbortController();
      let isOpen = false;
      const waitMs = Math.max(0, Math.min(openTimeoutMs, rampDeadline - performance.now()));
      const timer = setTimeout(() => {
        if (!isOpen) ac.abort(new Error(`no first chunk within ${Math.round(waitMs / 1000)} s`));
      }, waitMs);
      const done = (async () => {
        try {
          const res = await pool.request({ ...req, signal: ac.signal });
          if (res.statusCode !== 200) {
            errors.add(`HTTP ${res.statusCode}`, await drainText(res.body));
            return;
          }
          let last = null;
          let prev = null;
          for await (const chunk of res.body) {
            if (!isOpen) {
              isOpen = true;
              opened++;
              clearTimeout(timer);
              resolveOpen();
            }
            prev = last;
            last = chunk;
          }
          const tail = (prev ? Buffer.concat([prev, last]) : (last ?? Buffer.alloc(0))).toString('utf8');
          if (tail.includes(DONE)) ended++;
          else errors.add('stream without [DONE]', tail.slice(-120));
        } catch (err) {
          errors.add(err.code ?? err.name ?? 'error', err.message);
        } finally {
          clearTimeout(timer);
          resolveOpen();
        }
      })();
      finishers.push(done);
    });

  let next = 0;
  const opener = async () => {
    while (next < count && performance.now() < rampDeadline) {
      next++;
      await openOne();
    }
  };
  const progress = onProgress ? setInterval(() => onProgress({ attempted: next, opened, errors: errors.count }), 10_000) : null;
  await Promise.all(Array.from({ length: Math.min(openConcurrency, count) }, opener));
  if (progress) clearInterval(progress);
  const rampMs = performance.now() - t0;
  return {
    attempted: next,
    opened,
    rampMs,
    errors,
    finished: async () => {
      await Promise.all(finishers);
      await pool.close().catch(() => {});
      return { ended, errors: errors.toJSON() };
    },
    abort: () => pool.destroy().catch(() => {}),
  };
}

/** Percentile (nearest rank) of an unsorted list; NaN when empty. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}
