import { isJsonObject, parseJson } from '../../../wire/canonical/json';
import { ChannelConfigError } from '../errors';

/*
 * The region of a call, from the channel's `other`: a plain region (`europe-west1`), or a JSON
 * map `{"default": "us-central1", "<model>": "<region>"}` (new-api's form; it must name a
 * default). Empty means us-central1. `global` is served by the host without a region prefix.
 */

export const DEFAULT_REGION = 'us-central1';
const REGION = /^(?:global|[a-z]+(?:-[a-z0-9]+)+)$/;

function checked(v: unknown, where: string): string {
  if (typeof v !== 'string' || !REGION.test(v.trim())) throw new ChannelConfigError(`Vertex AI region ${where} is not a region name like us-central1 or global`);
  return v.trim();
}

export function vertexRegion(other: string, model: string): string {
  const text = other.trim();
  if (text === '') return DEFAULT_REGION;
  if (!text.startsWith('{')) return checked(text, 'in other');
  const map = parseJson(text);
  if (!isJsonObject(map)) throw new ChannelConfigError('Vertex AI region map (other) is not a JSON object');
  if (!('default' in map)) throw new ChannelConfigError('Vertex AI region map (other) has no "default" entry');
  const own = Object.prototype.hasOwnProperty.call(map, model) ? map[model] : undefined;
  return own !== undefined ? checked(own, `for ${model.slice(0, 64)}`) : checked(map.default, 'default');
}

/** `https://{region}-aiplatform.googleapis.com`, or the global host. */
export function regionHost(region: string): string {
  return region === 'global' ? 'https://aiplatform.googleapis.com' : `https://${region}-aiplatform.googleapis.com`;
}
