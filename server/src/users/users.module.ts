import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

@Module({
  imports: [OptionsModule, AuditModule],
  controllers: [UsersController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
