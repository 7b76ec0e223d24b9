import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { HealthRoutes } from './health.routes';

@Module({ controllers: [HealthController], providers: [HealthRoutes] })
export class HealthModule {}
