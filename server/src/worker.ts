import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { withDotEnv } from './config/dotenv';
import { installShutdown, startWorker } from './bootstrap';

/** Worker entry point: BullMQ processors only (needs REDIS_URL to share work with HTTP nodes). */
async function main(): Promise<void> {
  let config;
  try {
    config = { ...loadConfig(withDotEnv()), role: 'worker' as const };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.redisUrl) new Logger('Worker').warn('REDIS_URL is unset: this worker only sees jobs produced in its own process');
  const ctx = await startWorker(config);
  installShutdown(ctx, config.shutdownGraceSeconds);
  new Logger('Worker').log('Sluice worker started');
}

void main();
