import { AuditError, parseAuditFilter } from './audit-filter';
import { boundDetail } from './audit.service';

describe('parseAuditFilter', () => {
  it('reads every filter and the page', () => {
    expect(
      parseAuditFilter({ action: 'auth.sign_in', outcome: 'failure', actor_id: '3', target_user_id: 7, start_timestamp: '100', end_timestamp: '200', p: '2', page_size: '50' }),
    ).toEqual({ action: 'auth.sign_in', outcome: 'failure', actorId: 3, targetUserId: 7, start: 100, end: 200, page: { page: 2, pageSize: 50, offset: 100 } });
  });

  it('treats blanks and a zero time as no filter and defaults to 20 a page', () => {
    expect(parseAuditFilter({ action: '', actor_id: '', start_timestamp: '0' })).toEqual({
      action: null,
      outcome: null,
      actorId: null,
      targetUserId: null,
      start: null,
      end: null,
      page: { page: 0, pageSize: 20, offset: 0 },
    });
  });

  it.each([
    [{ action: 'user.drop' }, 'action'],
    [{ action: ['auth.sign_in'] }, 'action'],
    [{ outcome: 'ok' }, 'outcome'],
    [{ actor_id: '1.5' }, 'actor_id'],
    [{ actor_id: '0' }, 'actor_id'],
    [{ target_user_id: 'x' }, 'target_user_id'],
    [{ start_timestamp: '-1' }, 'start_timestamp'],
    [{ end_timestamp: '999999999999999' }, 'end_timestamp'],
    [{ start_timestamp: '5', end_timestamp: '4' }, 'start_timestamp'],
    [{ p: 'first' }, 'p'],
    [{ page_size: '-2' }, 'page_size'],
  ])('refuses %j naming %s', (q, field) => {
    let err: unknown;
    try {
      parseAuditFilter(q as Record<string, unknown>);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AuditError);
    expect(err).toMatchObject({ status: 400, messageKey: 'audit.invalid_filter', params: { field } });
  });
});

describe('boundDetail', () => {
  it('clips long strings and lists and keeps the JSON small', () => {
    const d = JSON.parse(boundDetail({ name: 'x'.repeat(500), ids: Array.from({ length: 80 }, (_, i) => i) })) as { name: string; ids: number[] };
    expect(d.name).toHaveLength(200);
    expect(d.ids).toHaveLength(50);
    expect(boundDetail(undefined)).toBe('{}');
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`k${i}`] = 'y'.repeat(150);
    expect(JSON.parse(boundDetail(many))).toEqual({ truncated: true });
  });
});
