import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { withDotEnv } from './config/dotenv';
import { installShutdown, startHttp } from './bootstrap';

/**
 * HTTP entry point (relay, management API, console). With NODE_ROLE=all (the default) the same
 * process also runs the queue processors; NODE_ROLE=http leaves them to `worker.js`.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(withDotEnv());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (config.role === 'worker') {
    console.error('NODE_ROLE=worker: start dist/worker.js instead');
    process.exit(1);
  }
  const app = await startHttp(config);
  installShutdown(app, config.shutdownGraceSeconds);
  new Logger('Main').log(`Sluice listening on http://${config.host}:${config.port} (database: ${config.database.kind}, redis: ${config.redisUrl ? 'on' : 'off'}, role: ${config.role})`);
}

void main();
