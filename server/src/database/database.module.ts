import { Global, Logger, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { createDataSource, immediateTransactions } from './data-source';
import { DatabaseService } from './database.service';

/**
 * Initializes the data source and applies committed migrations at boot.
 * Repositories are reached through DatabaseService.manager by the owning module only.
 */
@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const ds = createDataSource(config.database);
        await ds.initialize();
        if (config.database.kind === 'sqlite') immediateTransactions(ds);
        const ran = await ds.runMigrations({ transaction: 'each' });
        if (ran.length > 0) new Logger('Database').log(`applied ${ran.length} migration(s)`);
        return ds;
      },
    },
    DatabaseService,
  ],
  exports: [DatabaseService],
})
export class DatabaseModule {}
