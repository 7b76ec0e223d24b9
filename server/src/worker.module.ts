import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/app-config';
import { coreModules } from './app.module';
import { AuthModule } from './auth/auth.module';
import { TasksModule } from './tasks/tasks.module';

/**
 * The worker role: the modules that own queue processors, started without an HTTP server.
 * (Their controllers are instantiated but never routed.)
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerModule, imports: [...coreModules(config), AuthModule, TasksModule] };
  }
}
