import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { nowSeconds } from '../common/sql';
import { LogEntity, type LogType } from './log.entity';

export interface NewLog {
  userId: number;
  type: LogType;
  content?: string;
  username?: string;
  tokenName?: string;
  tokenId?: number;
  modelName?: string;
  quota?: number;
  promptTokens?: number;
  completionTokens?: number;
  useTime?: number;
  isStream?: boolean;
  channelId?: number;
  tokenGroup?: string;
  clientIp?: string;
  requestId?: string | null;
  other?: Record<string, unknown>;
}

/**
 * Writes log rows inside the caller's transaction, so a balance change and its log commit
 * together. Reads and the log API live here too.
 */
@Injectable()
export class LogsService {
  async record(em: EntityManager, log: NewLog): Promise<void> {
    await em.insert(LogEntity, {
      userId: log.userId,
      type: log.type,
      createdAt: nowSeconds(),
      content: log.content ?? '',
      username: log.username ?? '',
      tokenName: log.tokenName ?? '',
      tokenId: log.tokenId ?? 0,
      modelName: log.modelName ?? '',
      quota: log.quota ?? 0,
      promptTokens: log.promptTokens ?? 0,
      completionTokens: log.completionTokens ?? 0,
      useTime: log.useTime ?? 0,
      isStream: log.isStream ?? false,
      channelId: log.channelId ?? 0,
      tokenGroup: log.tokenGroup ?? '',
      clientIp: log.clientIp ?? '',
      requestId: log.requestId ?? null,
      other: JSON.stringify(log.other ?? {}),
    });
  }
}
