import { compileErrors, validate } from '@readme/openapi-parser';
import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { newUser } from '../support/http';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { name: string; in: string }[]; security: unknown[] }>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[]; description?: string }> }>; securitySchemes: Record<string, unknown> };
};

/** Issue 24: the contract as a document, generated from the route schemas, and a page to read it. */
describe.each(DATABASES.slice(0, 1))('the OpenAPI document (%s)', (kind) => {
  let t: TestApp;
  let doc: Doc;

  beforeAll(async () => {
    t = await startApp(kind);
    doc = (await request(t.url).get('/api/openapi.json').expect(200)).body as Doc;
  });
  afterAll(async () => t.close());

  it('is a valid OpenAPI 3.1 document (checked by @readme/openapi-parser)', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('lists the token, redemption and user administration routes with their body, query and security', () => {
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/token',
        'GET /api/token/search',
        'GET /api/token/{id}',
        'POST /api/token',
        'POST /api/token/batch',
        'PUT /api/token',
        'DELETE /api/token/{id}',
        'GET /api/redemption',
        'GET /api/redemption/search',
        'GET /api/redemption/{id}',
        'POST /api/redemption',
        'POST /api/redemption/keys',
        'PUT /api/redemption',
        'DELETE /api/redemption/invalid',
        'DELETE /api/redemption/{id}',
        'POST /api/user/topup',
        'GET /api/user',
        'GET /api/user/search',
        'POST /api/user',
        'POST /api/user/manage',
        'DELETE /api/user/{id}',
      ]),
    );
    expect(doc.paths['/api/token']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/token/search']?.get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['keyword', 'token', 'p', 'size']));
    expect(doc.paths['/api/token']?.get?.security).toEqual([{ session: [], newApiUser: [] }, { accessToken: [], newApiUser: [] }]);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['accessToken', 'newApiUser', 'session']));
  });

  it('comes from the schemas the routes parse with (the live quota bound, the error codes)', async () => {
    expect(doc.components.schemas.TokenCreate?.properties?.name).toBeDefined();
    // The bound follows QuotaPerUnit (500000 by default): 1e9 units of it.
    expect(doc.components.schemas.TokenCreate?.properties?.remain_quota?.description).toContain('0 .. 500000000000000');
    const codes = doc.components.schemas.ErrorEnvelope?.properties?.code?.enum ?? [];
    expect(codes).toEqual(expect.arrayContaining(['token.quota_exceed_max', 'redemption.used', 'common.invalid_json', 'auth.not_logged_in']));
    // A refusal from the running server carries a code the document lists.
    const alice = (await newUser(t.url)).caller;
    const res = await alice.post('/api/token/', { group: 'default', remain_quota: -1 }).expect(400);
    expect(codes).toContain(res.body.code);
  });

  it('serves a Swagger UI page from local files under the console CSP', async () => {
    const page = await request(t.url).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>(?!<)/);
    expect(page.text).not.toMatch(/https?:\/\//);
    const scripts = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts).toEqual(expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/init.js', '/api/docs/swagger-ui.css']));
    for (const s of scripts) await request(t.url).get(s).expect(200);
    expect((await request(t.url).get('/api/docs/init.js')).text).toContain('/api/openapi.json');
    await request(t.url).get('/api/docs/package.json').expect(404);
    await request(t.url).get('/api/docs/..%2F..%2Fpackage.json').expect(404);
  });
});
