import { DomainError } from '../common/domain-error';
import { parseLogFilter } from './log-filter';
import { selfOther } from './logs.mapper';

const keyOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof DomainError ? err.messageKey : 'not a domain error';
  }
};

describe('parseLogFilter', () => {
  it('reads every filter of an admin call', () => {
    expect(
      parseLogFilter(
        { type: '2', start_timestamp: '100', end_timestamp: '200', token_name: ' t ', model_name: 'gpt%', group: 'vip', request_id: 'r', username: 'bob', channel: '3' },
        'admin',
        1,
      ),
    ).toEqual({ type: 2, start: 100, end: 200, tokenName: 't', modelName: 'gpt%', group: 'vip', requestId: 'r', username: 'bob', channel: 3, userId: null });
  });

  it('pins a self call to the actor and drops admin-only filters', () => {
    const f = parseLogFilter({ username: 'bob', channel: '3', type: '0' }, 'self', 42);
    expect(f).toMatchObject({ userId: 42, username: '', channel: null, type: 0 });
  });

  it('treats empty and 0 as no bound', () => {
    expect(parseLogFilter({ start_timestamp: '0', end_timestamp: '', channel: '0' }, 'admin', 1)).toMatchObject({ start: null, end: null, channel: null });
  });

  it.each([
    [{ type: '7' }, 'log.invalid_type'],
    [{ type: 'x' }, 'log.invalid_type'],
    [{ start_timestamp: '-1' }, 'log.invalid_timestamp'],
    [{ end_timestamp: '1e3' }, 'log.invalid_timestamp'],
    [{ start_timestamp: '5', end_timestamp: '4' }, 'log.invalid_time_range'],
    [{ channel: '-2' }, 'log.invalid_channel'],
  ])('rejects %j', (raw, key) => {
    expect(keyOf(() => parseLogFilter(raw, 'admin', 1))).toBe(key);
  });
});

describe('selfOther', () => {
  it('keeps only the allowlisted keys of other', () => {
    const raw = JSON.stringify({ model_ratio: 2, frt: 9, admin_info: { use_channel: [1, 2] }, audio_input: 3, channel_name: 'x', use_channel: [1] });
    expect(JSON.parse(selfOther(raw))).toEqual({ model_ratio: 2, frt: 9, audio_input: 3 });
  });

  it('answers {} for malformed or non-object JSON', () => {
    expect(selfOther('nope')).toBe('{}');
    expect(selfOther('[1]')).toBe('{}');
    expect(selfOther('null')).toBe('{}');
  });
});
