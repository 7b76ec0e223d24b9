import { channelType, defaultBaseUrlOf } from '../../catalogue/catalogue';
import { ChannelConfigError } from './errors';
import type { ChannelContext } from './types';

/** What an adaptor needs to know to find its upstream when the channel leaves the address empty. */
export interface BaseUrlSource {
  readonly name: string;
  readonly defaultBaseUrl: string | null;
}

/** A channel type's name and default address, as the catalogue holds them (the one place for both). */
export function catalogueBase(type: number): BaseUrlSource {
  const entry = channelType(type);
  if (!entry) throw new Error(`channel type ${type} is not in the catalogue`);
  return { name: entry.label.en, defaultBaseUrl: defaultBaseUrlOf(type) };
}

/** The channel's base URL, or the provider default, without trailing slashes. */
export function baseUrlOf(config: BaseUrlSource, ctx: ChannelContext): string {
  const base = (ctx.baseUrl.trim() || config.defaultBaseUrl || '').replace(/\/+$/, '');
  if (!base) throw new ChannelConfigError(`${config.name} channel has no base URL`);
  return base;
}
