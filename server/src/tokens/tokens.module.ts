import { AuditModule } from '../audit/audit.module';
import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { TokensController } from './tokens.controller';
import { TokensService } from './tokens.service';

/** Users' API tokens; exports the service the relay admits and bills requests with. */
@Module({
  imports: [OptionsModule, AuditModule],
  controllers: [TokensController],
  providers: [TokensService],
  exports: [TokensService],
})
export class TokensModule {}
