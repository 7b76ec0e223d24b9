import { Module } from '@nestjs/common';
import { OptionsModule } from '../options/options.module';
import { TurnstileService } from './turnstile.service';

@Module({ imports: [OptionsModule], providers: [TurnstileService], exports: [TurnstileService] })
export class TurnstileModule {}
