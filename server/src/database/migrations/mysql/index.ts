import type { MigrationInterface } from 'typeorm';
import { PerfCacheTokens1795862265294 } from './1795862265294-PerfCacheTokens';
import { PerfMinutes1795842370009 } from './1795842370009-PerfMinutes';
import { AuditLogsTokenLimits1795841463364 } from './1795841463364-AuditLogsTokenLimits';
import { Initial1795838475601 } from './1795838475601-Initial';

/** Migrations for mysql, oldest first. Appended by `npm run migration:generate -w server`. */
export const MYSQL_MIGRATIONS: (new () => MigrationInterface)[] = [Initial1795838475601, AuditLogsTokenLimits1795841463364, PerfMinutes1795842370009, PerfCacheTokens1795862265294];
