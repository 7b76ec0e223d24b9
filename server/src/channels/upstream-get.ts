import type { ErrorCode } from '../common/error-codes';
import { OutboundClient, OutboundError } from '../outbound/outbound.service';
import { ChannelsError } from './channels.errors';

const TIMEOUTS = { headersMs: 20_000, idleMs: 20_000, totalMs: 30_000 };

/**
 * GET a small upstream document for a management call (model list, balance). Upstream bodies are
 * never echoed (they can repeat the key): failures report the transport kind or the status only,
 * under the caller's message key.
 */
export async function upstreamGetText(
  outbound: OutboundClient,
  req: { url: string; headers: Readonly<Record<string, string>>; allowPrivate: boolean; maxBytes: number },
  failKey: ErrorCode,
): Promise<string> {
  let status: number;
  let text: string;
  try {
    const res = await outbound.request({ url: req.url, headers: { ...req.headers }, allowPrivate: req.allowPrivate, timeouts: TIMEOUTS });
    status = res.status;
    text = await outbound.readText(res, req.maxBytes);
  } catch (err) {
    if (err instanceof OutboundError) {
      // The same words as the save refusal: the switch's label and where it is, never the option key.
      if (err.kind === 'blocked') throw ChannelsError.of('channel.private_base_url', { host: hostOf(req.url) }, 400);
      if (err.kind === 'bad_url') throw ChannelsError.of('channel.invalid_base_url');
      throw ChannelsError.of(failKey, { reason: err.message }, 502);
    }
    throw err;
  }
  if (status !== 200) throw ChannelsError.of(failKey, { reason: `HTTP ${status}` }, 502);
  return text;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
