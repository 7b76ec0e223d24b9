import { Module } from '@nestjs/common';
import { BrandController } from './brand.controller';
import { SpaController } from './spa.controller';

/** Registered last so its wildcard never shadows an API route. */
@Module({ controllers: [BrandController, SpaController] })
export class WebModule {}
