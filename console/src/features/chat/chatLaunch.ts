// Quick-configuration chat (spec §2.13): which address a chat link opens with a token.
import { buildChatUrl } from '@sluice/ui-kit';
import type { ConsoleStatus } from '../../api/status';

export type ChatLinkChoice = 1 | 2;
export type ChatOpenMode = 'frame' | 'window';

export interface ChatLaunch {
  /** A key with or without `sk-`. */
  key: string;
  link: ChatLinkChoice;
  /** The API address the chat client should call; the site's own when empty. */
  serverAddress: string;
  mode: ChatOpenMode;
}

/** The site's API origin as the status states it, else the page's own origin. */
export function siteOrigin(status: ConsoleStatus): string {
  const stored = typeof status.server_address === 'string' ? status.server_address.trim() : '';
  return (stored || window.location.origin).replace(/\/+$/, '');
}

/** Which chat links the admin stored (link 2 is optional). */
export function availableLinks(status: ConsoleStatus): ChatLinkChoice[] {
  const links: ChatLinkChoice[] = [];
  if (typeof status.chat_link === 'string' && status.chat_link.trim() !== '') links.push(1);
  if (typeof status.chat_link2 === 'string' && status.chat_link2.trim() !== '') links.push(2);
  return links;
}

/** The chat client's address carrying the key and API address; undefined without that link. */
export function chatAddress(launch: ChatLaunch, status: ConsoleStatus): string | undefined {
  const key = launch.key.trim().replace(/^sk-/, '');
  const result = buildChatUrl(launch.link === 1 ? 'next' : 'next-mj', key, launch.serverAddress.trim() || siteOrigin(status), {
    chatLink: status.chat_link,
    chatLink2: status.chat_link2,
  });
  return result.ok ? result.url : undefined;
}
