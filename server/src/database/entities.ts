import { SessionEntity } from '../auth/session.entity';
import { LogEntity } from '../logs/log.entity';
import { LogExportEntity } from '../logs/log-export.entity';
import { CheckinEntity } from '../checkin/checkin.entity';
import { QuotaDataEntity } from '../dashboard/quota-data.entity';
import { VerificationEntity } from '../auth/verification.entity';
import { OptionEntity } from '../options/option.entity';
import { UserEntity } from '../users/user.entity';
import { ChannelEntity } from '../channels/channel.entity';
import { TokenEntity } from '../tokens/token.entity';
import { RedemptionEntity } from '../redemptions/redemption.entity';
import { HoldEntity } from '../billing/hold.entity';
import { TopUpEntity } from '../payments/top-up.entity';
import { OAuthStateEntity } from '../oauth/oauth-state.entity';
import { MidjourneyEntity } from '../tasks/midjourney.entity';
import { TaskEntity } from '../tasks/task.entity';
import { AuditLogEntity } from '../audit/audit-log.entity';

/**
 * Every entity of the schema, in one list: the data source and the migration generator read it.
 * A module that adds a table adds its entity here and generates a migration for both databases.
 */
export const ENTITIES = [
  UserEntity,
  SessionEntity,
  VerificationEntity,
  OptionEntity,
  LogEntity,
  TokenEntity,
  RedemptionEntity,
  ChannelEntity,
  LogExportEntity,
  CheckinEntity,
  QuotaDataEntity,
  HoldEntity,
  TopUpEntity,
  OAuthStateEntity,
  MidjourneyEntity,
  TaskEntity,
  AuditLogEntity,
];
