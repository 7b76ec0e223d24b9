import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { MailService } from './mail.service';

@Module({ imports: [OptionsModule], providers: [MailService], exports: [MailService] })
export class MailModule {}
