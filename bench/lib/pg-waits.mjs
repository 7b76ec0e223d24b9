// What the PostgreSQL backends of one database are doing, sampled from pg_stat_activity while a
// phase runs (BENCH_PG_WAITS=1): running, waiting on a lock (which kind), waiting for the client
// (idle, or idle inside a transaction). The sampler's own connection is to another database.

import { PG_URL } from './gateway.mjs';

/**
 * Starts sampling every `everyMs`. `stop()` resolves with the average number of backends in each
 * state over the samples: `{ samples, states: { 'active': n, 'active Lock:transactionid': n, 'idle': n, ... } }`.
 */
export async function samplePgWaits(database, everyMs = 10) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  const counts = new Map();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = performance.now();
      const { rows } = await client.query({
        name: 'bench_pg_waits',
        text: "SELECT state, wait_event_type, wait_event FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend'",
        values: [database],
      });
      samples++;
      for (const r of rows) {
        const key = r.state === 'active' && r.wait_event_type ? `active ${r.wait_event_type}:${r.wait_event}` : String(r.state);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      const left = everyMs - (performance.now() - t);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop.catch(() => {});
      await client.end().catch(() => {});
      return { samples, states: Object.fromEntries([...counts].map(([k, n]) => [k, n / Math.max(1, samples)])) };
    },
  };
}
