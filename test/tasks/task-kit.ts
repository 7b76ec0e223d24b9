import request from 'supertest';
import { DataSource } from 'typeorm';
import { QUEUE_DRIVER, type JobName, type QueueDriver } from '../../server/src/queue/jobs';
import type { TestApp } from '../support/app';
import type { Caller } from '../support/http';

let jobSeq = 0;

/** Runs one polling job through the app's queue and waits for it (never a sleep). */
export async function runJob(t: TestApp, name: JobName): Promise<void> {
  const queue = t.app.get<QueueDriver>(QUEUE_DRIVER);
  jobSeq += 1;
  await queue.enqueue(name, {} as never, { jobId: `test-${name}-${Date.now()}-${jobSeq}`, attempts: 1 });
  await queue.idle();
}

/** Test-only SQL ($n placeholders, rewritten to ? on SQLite). */
export async function raw<T>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  const ds = t.app.get(DataSource);
  const text = t.database.kind !== 'postgres' ? sql.replace(/\$\d+/g, '?') : sql;
  return (await ds.query(text, params)) as T[];
}

/** A Midjourney client: the gateway key as `mj-api-secret`, as midjourney-proxy clients send it. */
export function mjPost(t: TestApp, path: string, key: string, body: unknown): request.Test {
  return request(t.url).post(path).set('mj-api-secret', key).send(body as object);
}

export function mjGet(t: TestApp, path: string, key: string): request.Test {
  return request(t.url).get(path).set('mj-api-secret', key);
}

/** System logs (type 4) of a user, newest first. */
export async function systemLogs(root: Caller, username: string): Promise<{ content: string; quota: number }[]> {
  const res = await root.get(`/api/log/?p=0&page_size=100&type=4&username=${encodeURIComponent(username)}`);
  return res.body.data.items as { content: string; quota: number }[];
}
