import request from 'supertest';
import { DATABASES } from '../support/env';
import { insertLogs } from '../logs/helpers';
import { apiSuite, expectRefused as refused } from './support/api-suite';

type Doc = { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[] }>> };

/**
 * Issue 24, the read-side routes (logs, drawing and task lists, the data dashboard, model speed,
 * the audit log, check-in): each malformed query or body is refused by name with its code, in the
 * caller's language, and writes nothing; list pages stay lenient; the document lists every route
 * with its parameters.
 */
describe.each(DATABASES.slice(0, 1))('read-side routes as a contract (%s)', (kind) => {
  const s = apiSuite(kind);

  const logTotal = async () => (await s.root.get('/api/log/?page_size=1').expect(200)).body.data.total as number;

  /** The id the next export gets: one more than the last made (an export row is never deleted by these tests). */
  const nextExportId = async () => ((await s.root.post('/api/log/export', { type: 2 }).expect(200)).body.data.id as number) + 1;

  describe('logs', () => {
    it('refuse a malformed list, stat or search query by name', async () => {
      refused(await s.root.get('/api/log/?type=7'), 'log.invalid_type', 'type');
      refused(await s.root.get('/api/log/?channel=-1'), 'log.invalid_channel', 'channel');
      refused(await s.root.get('/api/log/stat?start_timestamp=200&end_timestamp=100'), 'log.invalid_time_range', 'start_timestamp');
      refused(await s.alice.get('/api/log/self?end_timestamp=1e3'), 'log.invalid_timestamp', 'end_timestamp');
      refused(await s.alice.get('/api/log/self/stat?type=42'), 'log.invalid_type', 'type');
      // A regular user on /api/log gets the self view, whose filter has no channel: ignored, not refused.
      refused(await s.alice.get('/api/log/?type=x'), 'log.invalid_type', 'type');
      expect((await s.alice.get('/api/log/?channel=-1').expect(200)).body.success).toBe(true);
    });

    it('answer in the caller language', async () => {
      const en = await s.root.get('/api/log/?start_timestamp=yesterday').set('Accept-Language', 'en');
      refused(en, 'log.invalid_timestamp', 'start_timestamp');
      expect(en.body.message).toBe('Invalid timestamp');
      expect((await s.root.get('/api/log/?start_timestamp=yesterday')).body.message).toBe('无效的时间戳');
    });

    it('keep pages and keywords lenient, as new-api clients expect', async () => {
      for (const path of ['/api/log/?p=abc&page_size=x', '/api/log/search?keyword=&p=-1', '/api/log/self/search?keyword=a&keyword=b&p=x']) {
        const res = await s.root.get(path).expect(200);
        expect(res.body.data).toMatchObject({ page: 0, page_size: 10 });
      }
    });

    it('refuse a cleanup without a valid target and delete nothing', async () => {
      const hourAgo = Math.floor(Date.now() / 1000) - 3600;
      await insertLogs(s.t, [{ userId: s.alice.userId as number, type: 2, createdAt: hourAgo }]);
      const before = await logTotal();
      expect(before).toBeGreaterThan(0);
      for (const q of ['', '?target_timestamp=abc', '?target_timestamp=0', '?target_timestamp=1.5']) {
        refused(await s.root.delete(`/api/log/${q}`), 'log.target_timestamp_required', 'target_timestamp');
      }
      expect(await logTotal()).toBe(before);
    });

    it('refuse a malformed export filter and make no export', async () => {
      const next = await nextExportId();
      refused(await s.root.post('/api/log/export', { channel: -2 }), 'log.invalid_channel', 'channel');
      refused(await s.root.post('/api/log/export?type=3', { start_timestamp: 'noon' }), 'log.invalid_timestamp', 'start_timestamp');
      refused(await s.alice.post('/api/log/self/export', { type: 8 }), 'log.invalid_type', 'type');
      // Filters in the query count too (the body wins a name sent in both).
      refused(await s.alice.post('/api/log/self/export?type=8'), 'log.invalid_type', 'type');
      await s.root.get(`/api/log/export/${next}`).expect(404);
    });
  });

  describe('drawing and task lists', () => {
    it('refuse a malformed filter by name', async () => {
      refused(await s.root.get('/api/mj/?channel_id=-1'), 'log.invalid_channel', 'channel_id');
      refused(await s.alice.get('/api/mj/self?start_timestamp=x'), 'log.invalid_timestamp', 'start_timestamp');
      refused(await s.root.get('/api/task/?end_timestamp=-5'), 'log.invalid_timestamp', 'end_timestamp');
      refused(await s.alice.get('/api/task/self?start_timestamp=20&end_timestamp=10'), 'log.invalid_time_range', 'start_timestamp');
    });

    it('ignore the channel on self lists and keep the page lenient', async () => {
      expect((await s.alice.get('/api/task/self?channel_id=-1&p=abc').expect(200)).body.data).toEqual([]);
      expect((await s.alice.get('/api/mj/self?channel_id=x').expect(200)).body.data).toEqual([]);
    });
  });

  describe('data dashboard', () => {
    it('refuses malformed bounds by name', async () => {
      refused(await s.root.get('/api/data/?start_timestamp=soon'), 'data.invalid_timestamp', 'start_timestamp');
      refused(await s.root.get('/api/data/?start_timestamp=20&end_timestamp=10'), 'data.invalid_time_range', 'start_timestamp');
      refused(await s.alice.get('/api/data/self?end_timestamp=-1'), 'data.invalid_timestamp', 'end_timestamp');
    });
  });

  describe('model speed', () => {
    it('refuses an unknown window, quoting it', async () => {
      const res = await s.root.get('/api/perf/models?window=2h').set('Accept-Language', 'en');
      refused(res, 'perf.invalid_window', 'window');
      expect(res.body.message).toBe('Invalid window parameter: 2h (use 1h or 24h)');
      refused(await s.root.get('/api/perf/models?window=1h&window=24h'), 'perf.invalid_window', 'window');
      expect((await s.root.get('/api/perf/models?window=').expect(200)).body.data.window).toBe('1h');
    });
  });

  describe('audit log', () => {
    it('refuses each malformed parameter by name, pages included', async () => {
      refused(await s.root.get('/api/audit?outcome=maybe'), 'audit.invalid_filter', 'outcome');
      refused(await s.root.get('/api/audit?action=user.drop'), 'audit.invalid_filter', 'action');
      refused(await s.root.get('/api/audit?actor_id=0'), 'audit.invalid_filter', 'actor_id');
      refused(await s.root.get('/api/audit?page_size=-2'), 'audit.invalid_filter', 'page_size');
      const en = await s.root.get('/api/audit?p=first').set('Accept-Language', 'en');
      refused(en, 'audit.invalid_filter', 'p');
      expect(en.body.message).toBe('Invalid filter: p');
    });
  });

  describe('check-in', () => {
    it('refuses a malformed month by name and checks nobody in', async () => {
      for (const month of ['2025-13', '2025-1', 'june']) {
        refused(await s.alice.get(`/api/user/sign-in-dates?month=${month}`), 'checkin.invalid_month', 'month');
      }
      refused(await s.alice.get('/api/user/sign-in-dates?month=2025-01&month=2025-02'), 'checkin.invalid_month', 'month');
      const res = await s.alice.get('/api/user/sign-in-dates?month=').expect(200);
      expect(res.body.data).toEqual({ sign_in_dates: [], status: { can_sign_in_today: true } });
    });
  });

  it('the OpenAPI document lists every route with its query and body parameters', async () => {
    const doc = (await request(s.t.url).get('/api/openapi.json').expect(200)).body as Doc;
    const params = (method: string, path: string) => {
      const op = doc.paths[path]?.[method];
      expect(op).toBeDefined();
      return (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    };
    const filter = ['type', 'start_timestamp', 'end_timestamp', 'token_name', 'model_name', 'group', 'request_id'];
    expect(params('get', '/api/log')).toEqual(expect.arrayContaining([...filter, 'username', 'channel', 'p', 'page_size']));
    expect(params('delete', '/api/log')).toEqual(['target_timestamp']);
    expect(params('get', '/api/log/stat')).toEqual(expect.arrayContaining([...filter, 'username', 'channel']));
    expect(params('get', '/api/log/search')).toEqual(expect.arrayContaining(['keyword', 'p', 'page_size']));
    expect(params('get', '/api/log/self')).toEqual(expect.arrayContaining([...filter, 'p', 'page_size']));
    expect(params('get', '/api/log/self')).not.toContain('channel');
    expect(params('get', '/api/log/self/stat')).toEqual(expect.arrayContaining(filter));
    expect(params('get', '/api/log/self/search')).toEqual(expect.arrayContaining(['keyword', 'p', 'page_size']));
    for (const path of ['/api/log/export', '/api/log/self/export']) {
      params('post', path);
      expect(doc.paths[path]?.post?.requestBody).toBeDefined();
    }
    params('get', '/api/log/export/{id}');
    params('get', '/api/log/export/{id}/file');
    expect(params('get', '/api/mj')).toEqual(expect.arrayContaining(['mj_id', 'channel_id', 'start_timestamp', 'end_timestamp', 'p', 'page_size']));
    expect(params('get', '/api/mj/self')).toEqual(expect.arrayContaining(['mj_id', 'start_timestamp', 'end_timestamp', 'p', 'page_size']));
    expect(params('get', '/api/task')).toEqual(expect.arrayContaining(['task_id', 'channel_id', 'start_timestamp', 'end_timestamp', 'p', 'page_size']));
    expect(params('get', '/api/task/self')).toEqual(expect.arrayContaining(['task_id', 'start_timestamp', 'end_timestamp', 'p', 'page_size']));
    expect(params('get', '/api/data')).toEqual(expect.arrayContaining(['username', 'start_timestamp', 'end_timestamp']));
    expect(params('get', '/api/data/self')).toEqual(expect.arrayContaining(['start_timestamp', 'end_timestamp']));
    expect(params('get', '/api/perf/models')).toEqual(['window']);
    expect(params('get', '/api/audit')).toEqual(
      expect.arrayContaining(['action', 'outcome', 'actor_id', 'target_user_id', 'start_timestamp', 'end_timestamp', 'p', 'page_size']),
    );
    expect(params('get', '/api/user/sign-in-dates')).toEqual(['month']);
    params('post', '/api/user/sign-in');
  });
});
