import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OptionsService } from '../options/options.service';
import type { OptionKey } from '../options/option-registry';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { EventBus } from '../redis/event-bus.service';

const AUTO_TEST_ENABLED = 'monitor_setting.auto_test_channel_enabled' satisfies OptionKey;
const AUTO_TEST_MINUTES = 'monitor_setting.auto_test_channel_minutes' satisfies OptionKey;
const AUTO_TEST_KEYS: readonly OptionKey[] = [AUTO_TEST_ENABLED, AUTO_TEST_MINUTES];

/**
 * Minutes between scheduled test-all runs, 0 = off (reference §2.5): CHANNEL_TEST_FREQUENCY when
 * set above 0, else the monitor_setting options (off / 10 minutes by default).
 */
export function autoTestMinutes(envMinutes: number, enabled: boolean, optionMinutes: number): number {
  if (envMinutes > 0) return envMinutes;
  if (!enabled) return 0;
  return Number.isFinite(optionMinutes) ? Math.max(1, Math.trunc(optionMinutes)) : 0;
}

/**
 * Periodic channel jobs through the queue driver's repeat (shared by every node of the
 * deployment, so one run per period: our form of the reference's "master node only"). A tick
 * enqueues the same gated run as the admin buttons (see ChannelTestService). The test schedule
 * follows its options at runtime; the balance schedule is env-only.
 */
@Injectable()
export class ChannelScheduleService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('ChannelSchedule');

  constructor(
    private readonly options: OptionsService,
    private readonly bus: EventBus,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    // With the env set the options do not matter, so their changes are not followed.
    if (this.config.channelSchedule.testMinutes > 0) return;
    this.bus.on('options.changed', async ({ keys }) => {
      if (!keys.some((k) => (AUTO_TEST_KEYS as readonly string[]).includes(k))) return;
      // Handlers run in no set order: read the new values ourselves before rescheduling.
      await this.options.reload([...AUTO_TEST_KEYS]);
      await this.scheduleTests();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.scheduleTests();
    const balance = this.config.channelSchedule.balanceMinutes;
    if (balance > 0) await this.queue.repeat('channels.balance_all', {}, balance * 60_000);
    else await this.queue.cancelRepeat('channels.balance_all');
  }

  /** Starts, re-times or stops the repeating test-all tick. */
  private async scheduleTests(): Promise<void> {
    const minutes = autoTestMinutes(this.config.channelSchedule.testMinutes, this.options.bool(AUTO_TEST_ENABLED), this.options.num(AUTO_TEST_MINUTES));
    if (minutes === 0) {
      await this.queue.cancelRepeat('channels.test_all');
      return;
    }
    // Scheduled runs do not mail a summary (only disables and enables are mailed), like the reference.
    await this.queue.repeat('channels.test_all', { notify: false }, minutes * 60_000);
    this.logger.log(`testing every channel every ${minutes} min`);
  }
}
