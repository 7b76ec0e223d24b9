import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OptionsModule } from '../options/options.module';
import { OpenApiController } from './openapi.controller';

/** The management API's OpenAPI document and its Swagger UI page. */
@Module({ imports: [DiscoveryModule, OptionsModule], controllers: [OpenApiController] })
export class OpenApiModule {}
