import type { ClientExchange } from './exchange';

/**
 * What one upstream attempt writes to: the relay's client exchange, or a captured answer when
 * the relay itself is the caller (a channel test through `ChannelProbeService`).
 */
export type AttemptClient = Pick<
  ClientExchange,
  'requestId' | 'lang' | 'committed' | 'gone' | 'onGone' | 'writeHead' | 'write' | 'whenDrained' | 'end' | 'send'
>;
