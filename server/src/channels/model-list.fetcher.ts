import { Injectable } from '@nestjs/common';
import { OptionsService } from '../options/options.service';
import { OutboundClient } from '../outbound/outbound.service';
import { channelType } from '../catalogue/catalogue';
import { splitKeyLines } from './channel-key';
import { effectiveBaseUrl } from './channel-values';
import { ChannelsError } from './channels.errors';
import { upstreamGetText } from './upstream-get';

const MAX_BODY = 4 * 1024 * 1024;
const MAX_MODELS = 5000;

/**
 * Asks an OpenAI-compatible upstream for its model list (GET <base>/v1/models with the channel
 * key as bearer). Goes through the one outbound client; private and loopback upstreams only when
 * root turned on AllowPrivateUpstreamEnabled. Upstream bodies are never echoed (they can carry keys).
 */
@Injectable()
export class ModelListFetcher {
  constructor(
    private readonly outbound: OutboundClient,
    private readonly options: OptionsService,
  ) {}

  async fetch(type: number, baseUrl: string, key: string): Promise<string[]> {
    const path = channelType(type)?.modelsPath;
    if (!path) throw ChannelsError.of('channel.fetch_models_unsupported');
    const base = effectiveBaseUrl(type, baseUrl);
    if (base === '') throw ChannelsError.of('channel.invalid_base_url');
    // A multi-line key holds several keys; any one of them can list the models.
    const bearer = splitKeyLines(key)[0];
    if (!bearer) throw ChannelsError.of('channel.fetch_models_key_required');

    const text = await upstreamGetText(
      this.outbound,
      {
        url: `${base}${path}`,
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
        allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'),
        maxBytes: MAX_BODY,
      },
      'channel.fetch_models_failed',
    );
    return parseModelList(text);
  }
}

/** `{ data: [{ id }] }` -> unique ids in upstream order. */
export function parseModelList(text: string): string[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw ChannelsError.of('channel.fetch_models_failed', { reason: 'invalid JSON' }, 502);
  }
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw ChannelsError.of('channel.fetch_models_failed', { reason: 'no data list' }, 502);
  const out: string[] = [];
  for (const item of data) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && id.trim() !== '' && id.length <= 255 && !out.includes(id)) out.push(id);
    if (out.length >= MAX_MODELS) break;
  }
  return out;
}
