import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('defaults to the embedded SQLite file, port 3000, no Redis', () => {
    const c = loadConfig({ ENCRYPTION_KEY: 'x'.repeat(20) }, '/srv/sluice');
    expect(c.port).toBe(3000);
    expect(c.database).toEqual({ kind: 'sqlite', path: '/srv/sluice/data/sluice.sqlite' });
    expect(c.redisUrl).toBeNull();
    expect(c.criticalRateLimit).toEqual({ limit: 20, windowSeconds: 1200 });
    expect(c.globalApiRateLimit).toEqual({ limit: 180, windowSeconds: 180 });
    expect(c.initialRootPassword).toBe('123456');
  });

  it('selects PostgreSQL or another SQLite file from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', ENCRYPTION_KEY: 'k'.repeat(16) }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h/db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite', ENCRYPTION_KEY: 'k'.repeat(16) }).database).toEqual({
      kind: 'sqlite',
      path: '/tmp/x.sqlite',
    });
  });

  it('selects MySQL from mysql:// or mariadb:// and requires a shared encryption key with it', () => {
    const key = { ENCRYPTION_KEY: 'k'.repeat(16) };
    expect(loadConfig({ DATABASE_URL: 'mysql://u:p@h:3306/db', ...key }).database).toEqual({ kind: 'mysql', url: 'mysql://u:p@h:3306/db' });
    expect(loadConfig({ DATABASE_URL: 'mariadb://u:p@h:3306/db', ...key }).database).toEqual({ kind: 'mysql', url: 'mysql://u:p@h:3306/db' });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u@h/db' })).toThrow(/ENCRYPTION_KEY is required with MySQL/);
  });

  it('names every bad key in one error', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'oracle://h', REDIS_URL: 'http://r', LOG_LEVEL: 'loud', NODE_ROLE: 'both' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const key of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'LOG_LEVEL', 'NODE_ROLE']) expect(message).toContain(key);
  });

  it('sweeps relay holds after 900 s unless HOLD_SWEEP_AFTER_SECONDS says otherwise', () => {
    const key = { ENCRYPTION_KEY: 'k'.repeat(16) };
    expect(loadConfig(key, '/srv').holdSweepAfterSeconds).toBe(900);
    expect(loadConfig({ ...key, HOLD_SWEEP_AFTER_SECONDS: '1800' }, '/srv').holdSweepAfterSeconds).toBe(1800);
    expect(() => loadConfig({ ...key, HOLD_SWEEP_AFTER_SECONDS: '0' }, '/srv')).toThrow(/HOLD_SWEEP_AFTER_SECONDS/);
  });

  it('requires a shared encryption key with PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/ENCRYPTION_KEY/);
  });

  it('turns metrics on only with a METRICS_TOKEN of 16+ characters without spaces', () => {
    const base = { ENCRYPTION_KEY: 'x'.repeat(20) };
    expect(loadConfig(base, '/srv').metricsToken).toBeNull();
    expect(loadConfig({ ...base, METRICS_TOKEN: '' }, '/srv').metricsToken).toBeNull();
    expect(loadConfig({ ...base, METRICS_TOKEN: 'a-long-enough-secret' }, '/srv').metricsToken).toBe('a-long-enough-secret');
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' }, '/srv')).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'has a space in the middle' }, '/srv')).toThrow(/METRICS_TOKEN/);
  });

  it('SLUICE_WORKERS: one process per core by default, a positive integer or auto, else a clear refusal', () => {
    const base = { ENCRYPTION_KEY: 'x'.repeat(20) };
    expect(loadConfig(base, '/srv').workers).toBe(availableParallelism());
    expect(loadConfig({ ...base, SLUICE_WORKERS: 'auto' }, '/srv').workers).toBe(availableParallelism());
    expect(loadConfig({ ...base, SLUICE_WORKERS: '1' }, '/srv').workers).toBe(1);
    expect(loadConfig({ ...base, SLUICE_WORKERS: '6' }, '/srv').workers).toBe(6);
    for (const bad of ['0', '-2', '1.5', 'all', ' 2', '99999'])
      expect(() => loadConfig({ ...base, SLUICE_WORKERS: bad }, '/srv')).toThrow(/SLUICE_WORKERS must be a positive integer or auto/);
    // An in-memory database is one process's own.
    expect(loadConfig({ ...base, DATABASE_URL: 'sqlite::memory:' }, '/srv').workers).toBe(1);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'sqlite::memory:', SLUICE_WORKERS: '2' }, '/srv')).toThrow(/SLUICE_WORKERS must be 1/);
  });

  it('a process forked by the cluster primary knows its index; all but the first leave the queue to it', () => {
    const base = { ENCRYPTION_KEY: 'x'.repeat(20) };
    expect(loadConfig(base, '/srv')).toMatchObject({ clusterIndex: null, role: 'all' });
    expect(loadConfig({ ...base, SLUICE_CLUSTER_INDEX: '0' }, '/srv')).toMatchObject({ clusterIndex: 0, role: 'all' });
    expect(loadConfig({ ...base, SLUICE_CLUSTER_INDEX: '3' }, '/srv')).toMatchObject({ clusterIndex: 3, role: 'http' });
    expect(loadConfig({ ...base, SLUICE_CLUSTER_INDEX: '3', NODE_ROLE: 'http' }, '/srv')).toMatchObject({ clusterIndex: 3, role: 'http' });
  });
});
