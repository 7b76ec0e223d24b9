import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, matrixOptions, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, type Caller } from '../support/http';
import { insertLogs, parseCsv, queueOf, waitFor, type SeedLog } from './helpers';

const ROWS = 100_000;

describe.each(DATABASES)('CSV export of 100000 logs (%s)', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let root: Caller;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sluice-export-'));
    t = await startApp(kind, { ...matrixOptions(kind), env: { DATA_DIR: dataDir } });
    root = await loginRoot(t.url);
    const base = Math.floor(Date.now() / 1000) - ROWS;
    const rows: SeedLog[] = [];
    for (let i = 0; i < ROWS; i++) {
      rows.push({
        userId: root.userId as number,
        username: 'root',
        type: 2,
        createdAt: base + i,
        tokenName: 'bulk',
        modelName: i % 2 === 0 ? 'gpt-4o' : 'gpt-4o-mini',
        quota: i,
        promptTokens: 3,
        completionTokens: 4,
        channelId: 1 + (i % 3),
        // One row carries a formula, one a separator and a quote.
        content: i === 4242 ? '=HYPERLINK("http://evil.example","x")' : i === 77 ? 'a,b "c"' : `row ${i}`,
      });
    }
    await insertLogs(t, rows);
  }, 240_000);

  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`completes through the ${kind !== 'sqlite' ? 'BullMQ worker' : 'in-process queue'} and downloads every row`, async () => {
    expect(queueOf(t).kind).toBe(kind !== 'sqlite' ? 'bullmq' : 'memory');
    const created = await root.post('/api/log/export', { token_name: 'bulk' }).expect(200);
    const id = created.body.data.id as number;
    if (kind === 'sqlite') await queueOf(t).idle(180_000);
    const status = await waitFor(
      async () => {
        const s = await root.get(`/api/log/export/${id}`).expect(200);
        return ['done', 'failed'].includes(s.body.data.status as string) ? s.body.data : undefined;
      },
      180_000,
      250,
    );
    expect(status).toMatchObject({ id, status: 'done', row_count: ROWS, error: '' });
    expect(status.finished_at).toEqual(expect.any(Number));

    const file = await root.get(`/api/log/export/${id}/file`).expect(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="logs.csv"');
    const rows = parseCsv(String(file.text).replace(/^\ufeff/, ''));
    expect(rows).toHaveLength(ROWS + 1);
    const header = rows[0] as string[];
    const content = header.indexOf('content');
    const quota = header.indexOf('quota');
    const byQuota = new Map(rows.slice(1).map((r) => [Number(r[quota]), r]));
    expect(byQuota.size).toBe(ROWS);
    expect(byQuota.get(4242)?.[content]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(byQuota.get(77)?.[content]).toBe('a,b "c"');
    // Newest first, like the list.
    expect(Number(rows[1]?.[quota])).toBe(ROWS - 1);
  }, 240_000);
});
