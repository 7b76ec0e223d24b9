import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { StatusController } from './status.controller';
import { StatusService } from './status.service';

/** Public status, site texts and groups. */
@Module({
  imports: [OptionsModule],
  controllers: [StatusController],
  providers: [StatusService],
  exports: [StatusService],
})
export class StatusModule {}
