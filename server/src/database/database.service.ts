import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Mutex } from '../common/mutex';

export type DbKind = 'sqlite' | 'postgres';

/**
 * Owns the data source. Every write goes through `write()`:
 * on PostgreSQL it is a transaction from the pool; on SQLite, which has one connection
 * (better-sqlite3) and one writer, writes are queued so a statement can never land inside
 * another request's open transaction.
 */
@Injectable()
export class DatabaseService implements OnApplicationShutdown {
  private readonly logger = new Logger('Database');
  private readonly writeLock = new Mutex();
  readonly kind: DbKind;

  constructor(
    readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.kind = config.database.kind;
  }

  get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async write<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    if (this.kind === 'postgres') return this.dataSource.transaction(fn);
    return this.writeLock.run(() => this.dataSource.transaction(fn));
  }

  /** Affected rows of an UPDATE/DELETE run through the query builder. */
  static affected(result: { affected?: number | null }): number {
    return result.affected ?? 0;
  }

  async ping(): Promise<boolean> {
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch (err) {
      this.logger.warn(`database ping failed: ${(err as Error).message}`);
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
