import { Module } from '@nestjs/common';
import { LogExportService } from './log-export.service';
import { LogsController } from './logs.controller';
import { LogsService } from './logs.service';

/** Log rows (written by every money path), the log API, statistics and CSV exports. */
@Module({ controllers: [LogsController], providers: [LogsService, LogExportService], exports: [LogsService] })
export class LogsModule {}
