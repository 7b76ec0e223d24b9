import { Module } from '@nestjs/common';
import { SpaController } from './spa.controller';

/** Registered last so its wildcard never shadows an API route. */
@Module({ controllers: [SpaController] })
export class WebModule {}
