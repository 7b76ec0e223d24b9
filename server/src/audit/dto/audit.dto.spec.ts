import { RequestError } from '../../common/domain-error';
import { t } from '../../common/messages';
import { parseInput } from '../../common/validation';
import { auditQuerySchema } from './audit.dto';

const parseAuditFilter = (q: Record<string, unknown>) => parseInput(auditQuerySchema, q);

describe('auditQuerySchema', () => {
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
    [{ p: ['1', '2'] }, 'p'],
    [{ outcome: 'success ', action: 'auth.sign_in' }, 'outcome'],
  ])('refuses %j naming %s', (q, field) => {
    let err: unknown;
    try {
      parseAuditFilter(q as Record<string, unknown>);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RequestError);
    expect(err).toMatchObject({ status: 400, code: 'audit.invalid_filter', field });
    expect(t('audit.invalid_filter', 'en', (err as RequestError).params)).toBe(`Invalid filter: ${field}`);
  });
});
