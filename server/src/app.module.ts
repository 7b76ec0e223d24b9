import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { GlobalExceptionFilter } from './common/exception.filter';
import { OkStatusInterceptor } from './common/ok-status.interceptor';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './redis/redis.module';
import { QueueModule } from './queue/queue.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { OutboundModule } from './outbound/outbound.module';
import { OptionsModule } from './options/options.module';
import { UsersModule } from './users/users.module';
import { AuthModule } from './auth/auth.module';
import { MailModule } from './mail/mail.module';
import { LogsModule } from './logs/logs.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { CheckinModule } from './checkin/checkin.module';
import { StatusModule } from './status/status.module';
import { HealthModule } from './health/health.module';
import { OpenApiModule } from './openapi/openapi.module';
import { WebModule } from './web/web.module';
import { ChannelsModule } from './channels/channels.module';
import { PricingModule } from './pricing/pricing.module';
import { TokensModule } from './tokens/tokens.module';
import { RedemptionsModule } from './redemptions/redemptions.module';
import { WalletModule } from './wallet/wallet.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RelayModule } from './relay/relay.module';
import { BillingModule } from './billing/billing.module';
import { OAuthModule } from './oauth/oauth.module';
import { PaymentsModule } from './payments/payments.module';
import { TasksModule } from './tasks/tasks.module';
import { TaskRelayModule } from './tasks/task-relay.module';
import { AuditOpsModule } from './audit/audit-ops.module';

/** Modules with processors only (the worker role needs no controllers, but shares services). */
export function coreModules(config: AppConfig) {
  return [
    ConfigModule.forRoot(config),
    DatabaseModule,
    RedisModule,
    QueueModule,
    RateLimitModule,
    OutboundModule,
    OptionsModule,
    UsersModule,
    MailModule,
    LogsModule,
    DashboardModule,
    ChannelsModule,
    BillingModule,
    PaymentsModule,
    AuditOpsModule,
  ];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      // WebModule last: its wildcard is the SPA fallback.
      imports: [...coreModules(config), AuthModule, StatusModule, HealthModule, TokensModule, RedemptionsModule, WalletModule, PricingModule, CheckinModule, RelayModule, RealtimeModule, TasksModule, TaskRelayModule, OAuthModule, OpenApiModule, WebModule],
      providers: [
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_INTERCEPTOR, useClass: OkStatusInterceptor },
      ],
    };
  }
}
