import { ChannelConfigError } from '../adaptors/errors';
import type { RelayChannelType } from '../adaptors/channel-types';
import type { ChannelContext } from '../adaptors/types';

/** What the relay reads from a channel (structurally what the channels service hands out). */
export interface ChannelLike {
  readonly baseUrl: string;
  readonly key: string;
  readonly openaiOrganization: string;
  readonly other: string;
  /** Public model name -> upstream name. */
  readonly modelMapping: Readonly<Record<string, string>>;
}

/** Longest mapping chain followed; a longer one is treated like a cycle. */
const MAX_MAPPING_STEPS = 16;

/**
 * The upstream model for a public one (§2.6): chains a→b→c are followed, a→a is a no-op, a cycle
 * is a channel configuration error. Billing and logs keep the public name.
 */
export function upstreamModelFor(mapping: Readonly<Record<string, string>>, model: string): { model: string; mapped: boolean } {
  const seen = new Set<string>([model]);
  let current = model;
  for (let step = 0; step < MAX_MAPPING_STEPS; step++) {
    const next = Object.prototype.hasOwnProperty.call(mapping, current) ? mapping[current] : undefined;
    if (!next || next === current) return { model: current, mapped: current !== model };
    if (seen.has(next)) throw new ChannelConfigError(`model_mapping has a cycle at ${next}`);
    seen.add(next);
    current = next;
  }
  throw new ChannelConfigError('model_mapping chain is too long');
}

export function channelContext(type: RelayChannelType, channel: ChannelLike, publicModel: string): ChannelContext {
  return {
    type,
    baseUrl: channel.baseUrl,
    key: channel.key,
    upstreamModel: upstreamModelFor(channel.modelMapping, publicModel).model,
    other: channel.other,
    organization: channel.openaiOrganization,
  };
}

/**
 * status_code_mapping (§2.6): rewrites an upstream error status before the retry decision and
 * the client answer. Never applied to 2xx; targets outside 100..599 are ignored.
 */
export function mapStatus(mapping: Readonly<Record<string, string>>, status: number): number {
  if (status >= 200 && status < 300) return status;
  const target = Object.prototype.hasOwnProperty.call(mapping, String(status)) ? mapping[String(status)] : undefined;
  if (target === undefined || !/^\d{3}$/.test(target.trim())) return status;
  const n = Number(target.trim());
  return n >= 100 && n <= 599 ? n : status;
}
