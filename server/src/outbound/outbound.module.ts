import { Global, Module } from '@nestjs/common';
import { OutboundClient } from './outbound.service';

@Global()
@Module({ providers: [OutboundClient], exports: [OutboundClient] })
export class OutboundModule {}
