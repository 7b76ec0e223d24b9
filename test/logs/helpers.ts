import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { DatabaseService } from '../../server/src/database/database.service';
import { LogEntity } from '../../server/src/logs/log.entity';
import { QUEUE_DRIVER, type JobName, type QueueDriver } from '../../server/src/queue/jobs';
import type { TestApp } from '../support/app';
import { REDIS_URL } from '../support/env';

export type SeedLog = Partial<Omit<LogEntity, 'id'>> & { userId: number; type: number; createdAt: number };

/** Rows per INSERT: 19 columns x 1000 stays under SQLite's and PostgreSQL's parameter limits. */
const INSERT_CHUNK = 1000;

/** Inserts log rows fast: multi-row INSERTs in one write through the app's DatabaseService. */
export async function insertLogs(t: TestApp, rows: SeedLog[]): Promise<void> {
  const db = t.app.get(DatabaseService);
  await db.write(async (em) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const values = rows.slice(i, i + INSERT_CHUNK).map((r) => ({
        content: '',
        username: '',
        tokenName: '',
        tokenId: 0,
        modelName: '',
        quota: 0,
        promptTokens: 0,
        completionTokens: 0,
        useTime: 0,
        isStream: false,
        channelId: 0,
        tokenGroup: '',
        clientIp: '',
        requestId: null,
        other: '{}',
        ...r,
      }));
      // updateEntity(false): no read-back of generated columns (SQLite would select them with a huge OR).
      await em.createQueryBuilder().insert().into(LogEntity).values(values).updateEntity(false).execute();
    }
  });
}

export function queueOf(t: TestApp): QueueDriver {
  return t.app.get<QueueDriver>(QUEUE_DRIVER);
}

/** Polls `probe` until it returns a value other than undefined (bounded). */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * Waits until the named queue has nothing waiting or running. The in-process driver has idle();
 * on BullMQ the repeating schedulers always keep a delayed job, so only waiting/active count here.
 */
export async function settleQueue(t: TestApp, name: JobName, timeoutMs = 60_000): Promise<void> {
  const driver = queueOf(t);
  if (driver.kind === 'memory') {
    await driver.idle(timeoutMs);
    return;
  }
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const q = new Queue(name, { connection, prefix: `${t.redisPrefix}:bull` });
  try {
    await waitFor(async () => {
      const c = await q.getJobCounts('waiting', 'active', 'prioritized');
      return Object.values(c).reduce((a, b) => a + b, 0) === 0 ? true : undefined;
    }, timeoutMs, 50);
  } finally {
    await q.close();
    connection.disconnect();
  }
}

/** Every key anywhere in a JSON value (objects inside arrays and JSON strings included). */
export function deepKeys(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    const s = value.trim();
    if (s.startsWith('{') || s.startsWith('[')) {
      try {
        deepKeys(JSON.parse(s), out);
      } catch {
        // plain text that looks like JSON: no keys
      }
    }
    return out;
  }
  if (Array.isArray(value)) {
    for (const v of value) deepKeys(v, out);
    return out;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      deepKeys(v, out);
    }
  }
  return out;
}

/** Minimal RFC 4180 parser for the export files (quoted cells may hold commas and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
