import type { MigrationInterface } from 'typeorm';
import { PerfCacheTokens1795862265294 } from './1795862265294-PerfCacheTokens';
import { PerfMinutes1795838650411 } from './1795838650411-PerfMinutes';
import { AuditLogs1795838377251 } from './1795838377251-AuditLogs';
import { TokenLimits1795838608182 } from './1795838608182-TokenLimits';
import { OAuthTopUps1795664610271 } from './1795664610271-OAuthTopUps';
import { Tasks1795664532144 } from './1795664532144-Tasks';
import { Holds1795309014472 } from './1795309014472-Holds';
import { LogsExportsCheckinsQuotaData1795308129410 } from './1795308129410-LogsExportsCheckinsQuotaData';
import { Channels1795308099381 } from './1795308099381-Channels';
import { TokensRedemptions1795308041168 } from './1795308041168-TokensRedemptions';
import { Logs1795307576013 } from './1795307576013-Logs';
import { Initial1795306430922 } from './1795306430922-Initial';

/** Migrations for sqlite, oldest first. Appended by `npm run migration:generate -w server`. */
export const SQLITE_MIGRATIONS: (new () => MigrationInterface)[] = [Initial1795306430922, Logs1795307576013, TokensRedemptions1795308041168, Channels1795308099381, LogsExportsCheckinsQuotaData1795308129410, Holds1795309014472, Tasks1795664532144, OAuthTopUps1795664610271, AuditLogs1795838377251, TokenLimits1795838608182, PerfMinutes1795838650411, PerfCacheTokens1795862265294];
