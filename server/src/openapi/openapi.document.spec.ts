import { AppModule } from '../app.module';
import type { AppConfig } from '../config/app-config';
import { controllersOf } from './openapi.emit';
import { routesOf } from './openapi.document';

describe('the management API document', () => {
  // The module graph is read, never instantiated: no config value is looked at.
  const routes = routesOf(controllersOf(AppModule.forRoot({} as AppConfig)));

  it('covers every Nest route under /api: each carries a @Contract, so the document lists it', () => {
    const api = routes.filter((r) => r.path.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    expect(api.filter((r) => r.contract === null).map((r) => `${r.method.toUpperCase()} ${r.path} (${r.controller}.${r.handler})`)).toEqual([]);
  });

  it('documents a route that is not the envelope as what it answers (the CSV export, the payment return)', () => {
    const raw = (path: string) => routes.find((r) => r.path === path)?.contract?.raw;
    expect(raw('/api/log/export/{id}/file')).toMatchObject({ contentType: 'text/csv; charset=utf-8' });
    expect(raw('/api/user/epay/return')).toMatchObject({ status: 302 });
  });
});
