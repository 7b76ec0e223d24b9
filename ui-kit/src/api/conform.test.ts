import { assertKnownKeywords, conform, documentedValues, readPicked, type JsonSchema } from './conform';
import { documentedAnswers, documentedSchemas } from './openapi.schemas.gen';

describe('the documented schemas the kit reads with', () => {
  it('use only keywords the reader acts on (a new keyword in the document fails here, not silently)', () => {
    const all: [string, JsonSchema][] = [...Object.entries(documentedSchemas), ...Object.entries(documentedAnswers)];
    expect(all.length).toBeGreaterThan(5);
    for (const [name, schema] of all) expect(() => assertKnownKeywords(schema, name)).not.toThrow();
    expect(() => assertKnownKeywords({ type: 'string', pattern: '^a' } as JsonSchema)).toThrow(/"pattern"/);
  });

  it('give the values of a documented enum in the document\'s order, and refuse a schema that is not one', () => {
    const actions = documentedValues('AuditAction');
    expect(actions).toEqual(documentedSchemas.AuditAction.enum);
    expect(actions[0]).toBe('auth.sign_in');
    expect(actions).toContain('redemption.create');
    expect(() => documentedValues('Token')).toThrow(/not an enum of strings/);
  });

  it('include every schema their references name', () => {
    const refs = JSON.stringify([documentedSchemas, documentedAnswers]).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const ref of refs) expect(Object.keys(documentedSchemas)).toContain(ref.split('/').pop());
  });
});

describe('conform', () => {
  it('reads numbers, whole numbers and booleans as the schema says, with the older servers\' spellings', () => {
    expect(conform({ type: 'number' }, '2.5')).toEqual({ ok: true, value: 2.5 });
    expect(conform({ type: 'integer' }, 2.5)).toEqual({ ok: false, problem: '(root): expected a whole number, got 2.5' });
    expect(conform({ type: 'integer', minimum: 0 }, -1)).toMatchObject({ ok: false });
    expect(conform({ type: 'boolean' }, 1)).toEqual({ ok: true, value: true });
    expect(conform({ type: 'boolean' }, 'false')).toEqual({ ok: true, value: false });
    expect(conform({ type: 'string' }, 3)).toMatchObject({ ok: false });
    expect(conform({ type: 'string', maxLength: 2 }, 'abc')).toMatchObject({ ok: false });
    expect(conform({ type: ['string', 'null'] }, null)).toEqual({ ok: true, value: null });
  });

  it('keeps only listed fields, refuses a missing required one by path, and reads maps by their value schema', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'integer' }, m: { type: 'object', additionalProperties: { type: 'number' } } },
      required: ['a'],
      additionalProperties: false,
    };
    expect(conform(schema, { a: '3', extra: true, m: { x: 1, y: 'no' } })).toEqual({ ok: true, value: { a: 3, m: { x: 1 } } });
    expect(conform(schema, { m: {} })).toEqual({ ok: false, problem: '.a: missing' });
    expect(conform(schema, { a: 1, m: 'no' })).toEqual({ ok: false, problem: '.m: expected an object, got "no"' });
  });

  it('leaves out a plain member of a list that does not conform, and refuses an object member', () => {
    expect(conform({ type: 'array', items: { type: 'string' } }, ['a', 1, 'b'])).toEqual({ ok: true, value: ['a', 'b'] });
    const rows: JsonSchema = { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } };
    expect(conform(rows, [{ id: 1 }, { id: 'x' }])).toEqual({ ok: false, problem: '[1].id: expected a number, got "x"' });
  });

  it('reads const and anyOf forms, and follows references to the documented schemas', () => {
    expect(conform({ anyOf: [{ type: 'number', const: 0 }, { type: 'number', const: 1 }] }, '1')).toEqual({ ok: true, value: 1 });
    expect(conform({ anyOf: [{ const: 0 }, { const: 1 }] }, 2)).toMatchObject({ ok: false });
    expect(conform({ enum: ['a', 'b'] }, 'b')).toEqual({ ok: true, value: 'b' });
    expect(conform({ $ref: '#/components/schemas/GroupLabels' }, { a: 'A', b: 2 })).toEqual({ ok: true, value: { a: 'A' } });
    expect(() => conform({ $ref: '#/components/schemas/Nope' }, 1)).toThrow(/not among/);
  });
});

describe('readPicked', () => {
  const schema: JsonSchema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, note: { type: 'string' } }, required: ['id', 'name', 'note'] };

  it('checks and keeps only the picked fields, with defaults and optional ones', () => {
    expect(readPicked(schema, { id: 1, note: 5 }, { pick: ['id', 'name'], defaults: { name: '' } })).toEqual({ ok: true, value: { id: 1, name: '' } });
    expect(readPicked(schema, { name: 'n' }, { pick: ['id', 'name'] })).toEqual({ ok: false, problem: '.id: missing' });
    expect(readPicked(schema, { id: 1 }, { pick: ['id', 'name'], optional: ['name'] })).toEqual({ ok: true, value: { id: 1 } });
    expect(readPicked(schema, { id: 'x', name: 'n' }, { pick: ['id', 'name'], lenient: true })).toEqual({ ok: true, value: { name: 'n' } });
  });

  it('refuses a field the document does not list (a programming error, not a server one)', () => {
    expect(() => readPicked(schema, {}, { pick: ['nope'] })).toThrow(/no property "nope"/);
  });
});
