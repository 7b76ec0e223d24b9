import type { z } from 'zod';
import type { ChannelEntity } from './channel.entity';
import type { channelViewSchema } from './dto/channel.dto';

/**
 * What an admin sees of a channel (the document's `Channel`, `dto/channel.dto.ts`). An allowlist:
 * the key is absent by construction; only `toRootKeyView` adds it, and only the service decides
 * when (root asking with include_key).
 */
export type ChannelView = Omit<z.output<typeof channelViewSchema>, 'key'>;

export type ChannelKeyView = ChannelView & { key: string };

export function toChannelView(c: ChannelEntity): ChannelView {
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    status: c.status,
    group: c.group,
    models: c.models,
    other_info: c.otherInfo,
    response_time: c.responseTime,
    used_quota: c.usedQuota,
    balance: c.balance,
    balance_updated_time: c.balanceUpdatedTime,
    test_time: c.testTime,
    priority: c.priority,
    weight: c.weight,
    base_url: c.baseUrl,
    other: c.other,
    test_model: c.testModel,
    model_mapping: c.modelMapping,
    status_code_mapping: c.statusCodeMapping,
    openai_organization: c.openaiOrganization,
    ma_input_tokens: c.maInputTokens,
    auto_ban: c.autoBan,
    created_time: c.createdTime,
    test_models: c.testModels,
    tag: c.tag,
  };
}

export function toRootKeyView(c: ChannelEntity, plainKey: string): ChannelKeyView {
  return { ...toChannelView(c), key: plainKey };
}
