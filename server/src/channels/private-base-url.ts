import { isIP } from 'node:net';
import { isPublicIp } from '../outbound/address-policy';
import { ChannelsError } from './channels.errors';

/**
 * The host of a base URL when it is plainly private or loopback (a literal private address, or
 * localhost): such a channel could never be reached while AllowPrivateUpstreamEnabled is off, so it
 * is refused at save time, naming the switch, rather than saved and failing at its first test.
 * (A name that resolves to a private address is still refused by the outbound policy at the call.)
 */
export function privateHostOf(baseUrl: string): string | null {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return isPublicIp(bare) ? null : bare;
  return host === 'localhost' || host.endsWith('.localhost') ? host : null;
}

export function assertBaseUrlReachable(baseUrl: string | undefined, allowPrivate: boolean): void {
  if (allowPrivate || baseUrl === undefined || baseUrl === '') return;
  const host = privateHostOf(baseUrl);
  if (host !== null) throw ChannelsError.of('channel.private_base_url', { host });
}
