import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { emitOpenApiDocument } from '../../server/src/openapi/openapi.emit';
import { startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';

const ROOT = join(__dirname, '..', '..');
const TARGET = 'ui-kit/src/api/openapi.gen.ts';
const SCHEMAS_TARGET = 'ui-kit/src/api/openapi.schemas.gen.ts';

/**
 * What `npm run api:types` writes for a document: the types, or (`--schemas`) the kit's run-time
 * schemas. In a child node: openapi-typescript loads ES modules through require(), which node
 * allows and jest's module loader does not.
 */
function render(doc: unknown, ...flags: string[]): string {
  return execFileSync(process.execPath, [join(ROOT, 'scripts', 'api-types.cjs'), '--stdin', ...flags], { input: JSON.stringify(doc), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function expectCurrent(target: string, fresh: string): string {
  const committed = readFileSync(join(ROOT, target), 'utf8');
  if (committed !== fresh) {
    throw new Error(
      `${target} is stale: the OpenAPI document changed since it was generated. ` +
        `Run \`npm run api:types\` and commit the result.\nFirst difference at ${firstDifference(committed, fresh)}`,
    );
  }
  return committed;
}

/** The first line where two texts part, for the failure message. */
function firstDifference(committed: string, fresh: string): string {
  const a = committed.split('\n');
  const b = fresh.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return `line ${i + 1}:\n  committed: ${a[i] ?? '(end of file)'}\n  generated: ${b[i] ?? '(end of file)'}`;
  }
  return '(none)';
}

/**
 * Issue 24: the console's and the kit's API types are generated from the document
 * (`npm run api:types`), and CI fails when the committed file no longer matches it.
 */
describe.each(DATABASES.slice(0, 1))('the generated API types (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => t.close());

  it('come from the document a running server serves (the offline emit reads the same routes)', async () => {
    const served = (await request(t.url).get('/api/openapi.json').expect(200)).body as Record<string, unknown>;
    const emitted = emitOpenApiDocument();
    expect(Object.keys(emitted.paths as object).sort()).toEqual(Object.keys(served.paths as object).sort());
    expect(emitted).toEqual(served);
  });

  it('are committed as generated: ui-kit/src/api/openapi.gen.ts is current (else run `npm run api:types`)', () => {
    const committed = expectCurrent(TARGET, render(emitOpenApiDocument()));
    // The file is the generator's own output, declaring the document's paths.
    expect(committed).toContain('export interface paths {');
    expect(committed).toContain('"/api/token": {');
  });

  it('and the kit reads server JSON with the document\'s own schemas: openapi.schemas.gen.ts is current too', () => {
    const doc = JSON.parse(JSON.stringify(emitOpenApiDocument())) as { components: { schemas: Record<string, Record<string, unknown>> } };
    const committed = expectCurrent(SCHEMAS_TARGET, render(doc, '--schemas'));
    expect(committed).toContain('export const documentedSchemas');
    // A schema changed in the document changes what the kit checks: the token's key becomes a number here.
    const token = doc.components.schemas.Token as { properties: Record<string, unknown> };
    token.properties.key = { type: 'integer' };
    const changed = render(doc, '--schemas');
    expect(changed).not.toEqual(committed);
    expect(changed).toMatch(/"key": \{\s*"type": "integer"\s*\}/);
  });
});
