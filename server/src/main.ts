import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config/app-config';
import { withDotEnv } from './config/dotenv';
import { installShutdown, startHttp } from './bootstrap';
import { createRootLogger } from './common/logging/logger';
import { runPrimary } from './cluster/primary';

/**
 * HTTP entry point (relay, management API, console). With NODE_ROLE=all (the default) the same
 * process also runs the queue processors; NODE_ROLE=http leaves them to `worker.js`.
 * SLUICE_WORKERS > 1 (the default is one per core): this process becomes the cluster's primary
 * and forks that many HTTP processes sharing the port; the first of them runs the queue
 * processors (cluster/primary.ts).
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
  if (cluster.isPrimary && config.workers > 1) {
    await runPrimary(config, createRootLogger(config.logLevel, config.logFormat).child({ context: 'Cluster' }));
    return;
  }
  const app = await startHttp(config);
  installShutdown(app, config.shutdownGraceSeconds);
  if (config.clusterIndex !== null) {
    new Logger('Main').log(`process ${config.clusterIndex} (pid ${process.pid}) listening (role: ${config.role})`);
    process.send?.({ sluice: 'ready' });
    return;
  }
  new Logger('Main').log(`Sluice listening on http://${config.host}:${config.port} (database: ${config.database.kind}, redis: ${config.redisUrl ? 'on' : 'off'}, role: ${config.role})`);
}

void main();
