import { channelType } from '../catalogue/catalogue';
import type { ErrorCode } from '../common/error-codes';
import { ChannelsError } from './channels.errors';
import type { ChannelFields } from './dto/channel.dto';

/** A refusal of a key: its code and the message params. */
export type KeyProblem = [code: ErrorCode, params: Record<string, string | number>];

/** The key lines of a batch create: one channel per non-blank line (CRLF, LF or a lone CR). */
export function splitKeyLines(key: string): string[] {
  return key
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function isJsonObject(raw: string): boolean {
  try {
    const v: unknown = JSON.parse(raw);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/**
 * What is wrong with `key` as the one key of a channel of `type` (the catalogue, catalogue/), or null.
 *
 * - Outside batch create a key is one line: the relay sends it whole as one header, which CR or LF
 *   makes invalid, while tests and model lists would use only the first line. The exception is a
 *   type whose key is a JSON document (Vertex AI's service-account file, spec §2.4): it may span
 *   lines but must then parse as a JSON object (`channel.key_multiline`).
 * - A key in the wrong shape for its type (`AK|SK` for Baidu, `id.secret` for ChatGLM, ...) is
 *   refused at save with the expected format named, not discovered by the first relayed request
 *   (`channel.key_format`).
 */
export function keyProblem(key: string, type: number): KeyProblem | null {
  const entry = channelType(type);
  if (/[\r\n]/.test(key) && !(entry?.keyFormat === 'json' && isJsonObject(key))) return ['channel.key_multiline', {}];
  if (entry?.keyShape && !entry.keyShape.pattern.test(key.trim())) return ['channel.key_format', { type: entry.label.en, format: entry.keyShape.format }];
  return null;
}

/** Throws the key's problem (field `key`); an absent key (an update keeping it) has none. */
export function assertKeyFits(key: string | undefined, type: number): void {
  const problem = key === undefined ? null : keyProblem(key, type);
  if (problem) throw new ChannelsError(problem[0], problem[1], 400, 'key');
}

/**
 * The stored fields that decide where the stored key is sent and how. Changing any of them while
 * keeping the stored key could deliver that key somewhere new, so only root may do it (admins
 * cannot read keys and must enter the key again in the same update):
 * - baseUrl: the upstream host and path (Custom: the whole request URL);
 * - type: the adaptor, hence the default host, the URL layout and the auth header
 *   (`Authorization: Bearer` or Azure's `api-key`);
 * - other: adaptor configuration in the URL (Azure's api-version today; the spec's region
 *   fields for AWS and Vertex name hosts).
 * Not listed: openaiOrganization (an extra header to the same host), model names and mappings
 * (Custom encodes `{model}` as a path segment; they do not move the host of a normal base URL).
 */
export const KEY_DESTINATION_FIELDS = ['baseUrl', 'type', 'other'] as const satisfies readonly (keyof ChannelFields)[];

/** The key-destination fields this patch would change on the stored channel. */
export function keyDestinationChanges(patch: Partial<ChannelFields>, stored: Pick<ChannelFields, (typeof KEY_DESTINATION_FIELDS)[number]>): string[] {
  return KEY_DESTINATION_FIELDS.filter((f) => patch[f] !== undefined && patch[f] !== stored[f]);
}
