import type { ChannelEntity } from './channel.entity';

/**
 * What an admin sees of a channel. An allowlist: the key is absent by construction; only
 * `toRootKeyView` adds it, and only the service decides when (root asking with include_key).
 */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  status: number;
  group: string;
  models: string;
  other_info: string;
  response_time: number;
  used_quota: number;
  balance: number;
  balance_updated_time: number;
  test_time: number;
  priority: number;
  weight: number;
  base_url: string;
  other: string;
  test_model: string;
  model_mapping: string;
  status_code_mapping: string;
  openai_organization: string;
  ma_input_tokens: number;
  auto_ban: number;
  created_time: number;
  test_models: string;
  tag: string;
}

export interface ChannelKeyView extends ChannelView {
  key: string;
}

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
