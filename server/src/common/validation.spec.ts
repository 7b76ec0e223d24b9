import { z } from 'zod';
import { RequestError } from './domain-error';
import { t } from './messages';
import { boolLike, coded, intLike, listLike, parseInput } from './validation';

const thrown = (fn: () => unknown): RequestError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof RequestError) return err;
    throw err;
  }
  throw new Error('did not throw');
};

describe('parseInput', () => {
  const schema = z.object({ name: z.string().max(3), n: z.int().min(1).max(9).optional(), kind: z.enum(['a', 'b']).optional() });

  it('names the field with the generic codes when a check has no words of its own', () => {
    const missing = thrown(() => parseInput(schema, {}));
    expect([missing.code, missing.field, t(missing.code, 'en', missing.params)]).toEqual(['common.field_required', 'name', 'Missing required parameter: name']);
    const type = thrown(() => parseInput(schema, { name: 5 }));
    expect([type.code, type.field, t(type.code, 'en', type.params)]).toEqual(['common.field_type', 'name', 'Parameter name must be of type string']);
    const long = thrown(() => parseInput(schema, { name: 'abcd' }));
    expect([long.code, t(long.code, 'zh', long.params)]).toEqual(['common.field_too_long', '参数 name 过长，最多 3 个字符']);
    expect(thrown(() => parseInput(schema, { name: 'a', n: 0 })).code).toBe('common.field_min');
    expect(thrown(() => parseInput(schema, { name: 'a', n: 10 })).code).toBe('common.field_max');
    const value = thrown(() => parseInput(schema, { name: 'a', kind: 'c' }));
    expect([value.code, value.field, value.status]).toEqual(['common.field_value', 'kind', 400]);
  });

  it('treats an absent body as {} and refuses a body of the wrong shape without a field', () => {
    expect(parseInput(z.object({ a: z.string().optional() }), undefined)).toEqual({});
    expect(parseInput(z.object({ a: z.string().optional() }), null)).toEqual({});
    const arr = thrown(() => parseInput(schema, ['x']));
    expect([arr.code, arr.field]).toEqual(['common.bad_request', undefined]);
  });

  it('drops unknown fields', () => {
    expect(parseInput(schema, { name: 'a', extra: 1, __proto__x: 2 })).toEqual({ name: 'a' });
  });

  it('reads the loose scalars clients send', () => {
    const err = coded('common.bad_request');
    const s = z.object({ i: intLike(z.int(), err).optional(), b: boolLike(err).optional(), l: listLike(err).optional() });
    expect(parseInput(s, { i: ' 42 ', b: '1', l: 'a，b\nb' })).toEqual({ i: 42, b: true, l: ['a', 'b'] });
    expect(parseInput(s, { i: -3, b: null, l: [] })).toEqual({ i: -3, b: false, l: [] });
    for (const i of [1.5, '1e3', '12345678901234567', 'x', true]) expect(thrown(() => parseInput(s, { i })).code).toBe('common.bad_request');
  });
});
