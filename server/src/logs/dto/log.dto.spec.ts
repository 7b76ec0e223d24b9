import { refusal } from '../../common/__fixtures__/refusal';
import { parsePage } from '../../common/pagination';
import { parseInput } from '../../common/validation';
import { LogEntity } from '../log.entity';
import { toAdminLogView, toSelfLogView } from '../logs.mapper';
import { adminLogViewSchema, logAdminFilterSchema, logAdminListQuerySchema, logCleanQuerySchema, logSelfFilterSchema, selfLogViewSchema } from './log.dto';


describe('log filter schemas', () => {
  it('read every filter of an admin call', () => {
    expect(
      parseInput(logAdminFilterSchema, {
        type: '2',
        start_timestamp: '100',
        end_timestamp: '200',
        token_name: ' t ',
        model_name: 'gpt%',
        group: 'vip',
        request_id: 'r',
        username: 'bob',
        channel: '3',
      }),
    ).toEqual({ type: 2, start: 100, end: 200, tokenName: 't', modelName: 'gpt%', group: 'vip', requestId: 'r', username: 'bob', channel: 3 });
  });

  it('take JSON numbers too (an export body)', () => {
    expect(parseInput(logSelfFilterSchema, { type: 2, start_timestamp: 100 })).toMatchObject({ type: 2, start: 100, end: null });
  });

  it('drop the admin-only filters of a self call without checking them', () => {
    expect(parseInput(logSelfFilterSchema, { username: 'bob', channel: '-3', type: '0' })).toMatchObject({ username: '', channel: null, type: 0 });
  });

  it('treat absent, empty and 0 as no bound, and a non-string text filter as empty', () => {
    expect(parseInput(logAdminFilterSchema, { start_timestamp: '0', end_timestamp: '', channel: '0', token_name: ['a', 'b'] })).toMatchObject({
      start: null,
      end: null,
      channel: null,
      tokenName: '',
      type: 0,
    });
  });

  it('cut text filters to their bound', () => {
    expect(parseInput(logAdminFilterSchema, { username: 'u'.repeat(100), model_name: 'm'.repeat(200) })).toMatchObject({ username: 'u'.repeat(64), modelName: 'm'.repeat(128) });
  });

  it.each([
    [{ type: '7' }, 'log.invalid_type', 'type'],
    [{ type: 'x' }, 'log.invalid_type', 'type'],
    [{ type: ['1', '2'] }, 'log.invalid_type', 'type'],
    [{ start_timestamp: '-1' }, 'log.invalid_timestamp', 'start_timestamp'],
    [{ end_timestamp: '1e3' }, 'log.invalid_timestamp', 'end_timestamp'],
    [{ end_timestamp: '100000000001' }, 'log.invalid_timestamp', 'end_timestamp'],
    [{ start_timestamp: '5', end_timestamp: '4' }, 'log.invalid_time_range', 'start_timestamp'],
    [{ channel: '-2' }, 'log.invalid_channel', 'channel'],
    [{ channel: '1.5' }, 'log.invalid_channel', 'channel'],
  ])('refuse %j with %s naming %s', (raw, code, field) => {
    expect(refusal(() => parseInput(logAdminFilterSchema, raw))).toEqual([code, field]);
  });

  it('keep the page lenient in a list query: a bad page number is no refusal and reads as the first page', () => {
    const q = parseInput(logAdminListQuerySchema, { p: 'abc', page_size: ['1', '2'], type: '2' });
    expect(q).toMatchObject({ page_size: undefined, filter: { type: 2 } });
    expect(parsePage(q.p, q.page_size)).toEqual({ page: 0, pageSize: 10, offset: 0 });
    expect(refusal(() => parseInput(logAdminListQuerySchema, { p: '1', type: '8' }))).toEqual(['log.invalid_type', 'type']);
  });
});

describe('logCleanQuerySchema', () => {
  it('needs a positive target timestamp', () => {
    expect(parseInput(logCleanQuerySchema, { target_timestamp: ' 1700000000 ' })).toEqual({ target_timestamp: 1_700_000_000 });
    for (const target_timestamp of [undefined, '', 'abc', '0', '-5', '1.5']) {
      expect(refusal(() => parseInput(logCleanQuerySchema, { target_timestamp }))).toEqual(['log.target_timestamp_required', 'target_timestamp']);
    }
  });
});

describe('the documented views', () => {
  const row = Object.assign(new LogEntity(), {
    id: 9,
    userId: 3,
    createdAt: 1_700_000_000,
    type: 2,
    content: 'c',
    username: 'ada',
    tokenName: 't',
    tokenId: 4,
    tokenGroup: 'default',
    modelName: 'gpt-4o',
    quota: 10,
    promptTokens: 1,
    completionTokens: 2,
    useTime: 3,
    isStream: true,
    channelId: 5,
    clientIp: '203.0.113.1',
    requestId: 'r',
    other: '{"model_ratio":2,"admin_info":{}}',
  });

  it('are exactly what the mappers answer (no key missing, none extra)', () => {
    expect(() => adminLogViewSchema.strict().parse(toAdminLogView(row))).not.toThrow();
    expect(() => selfLogViewSchema.strict().parse(toSelfLogView(row, 1))).not.toThrow();
  });
});
