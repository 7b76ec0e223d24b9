import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { GroupsService } from './groups.service';
import { OptionsController } from './options.controller';
import { OptionsService } from './options.service';

/** The option store, what is derived from it (groups), and the option management calls. */
@Module({ imports: [AuditModule], controllers: [OptionsController], providers: [OptionsService, GroupsService], exports: [OptionsService, GroupsService] })
export class OptionsModule {}
