// The chat link options (ChatLink, ChatLink2): the address of a chat client, optionally stored as
// "tab name（address）" (spec §2.13). The console builds the frame's address from it by appending
// "/#/?settings={"key":"sk-…","url":"<API address>"}" (lobe: "/?settings=…"), so a stored link that
// already carries a fragment, a query or a settings part would produce a doubled address.
import { chatLinkAddress } from '@sluice/ui-kit';

export type ChatLinkProblem = 'notUrl' | 'hasSettings' | 'ownSite';

/**
 * Why a stored chat link cannot be used, or null (an empty one clears the link). `ownOrigin` is the
 * console's: a link to the console itself would frame the console inside its own /chat page.
 */
export function chatLinkProblem(stored: string, ownOrigin?: string): ChatLinkProblem | null {
  if (stored.trim() === '') return null;
  const address = chatLinkAddress(stored) ?? '';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'notUrl';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'notUrl';
  if (ownOrigin !== undefined && url.origin === ownOrigin) return 'ownSite';
  if (url.hash !== '' || url.search !== '' || address.includes('#') || address.includes('?') || /settings=/i.test(address)) return 'hasSettings';
  return null;
}
