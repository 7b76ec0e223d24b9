// How tokens are shown, copied and opened in chat clients (spec §2.5, reference §4).
import type { Token } from '../../api/types';

/** Keys are stored bare; people see and copy them with the `sk-` prefix. */
export function fullKey(key: string): string {
  return `sk-${key}`;
}

/** `sk-XXXX**********YYYY`: enough to recognise a key without revealing it. */
export function maskKey(key: string): string {
  if (key.length <= 8) return `sk-${'*'.repeat(key.length)}`;
  return `sk-${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

/** "Copy selected": one token per line, name then key (§2.5). */
export function selectedTokensText(tokens: readonly Token[]): string {
  return tokens.map((t) => `${t.name}    ${fullKey(t.key)}`).join('\n');
}

export interface QuotaDisplay {
  /** Show quota as dollars (quota / quotaPerUnit) instead of raw units. */
  inCurrency: boolean;
  quotaPerUnit: number;
}

export const DEFAULT_QUOTA_DISPLAY: QuotaDisplay = { inCurrency: true, quotaPerUnit: 500000 };

export function formatQuota(quota: number, display: QuotaDisplay = DEFAULT_QUOTA_DISPLAY): string {
  if (!display.inCurrency) return String(quota);
  return `$${(quota / display.quotaPerUnit).toFixed(2)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Local "YYYY-MM-DD HH:mm:ss" from epoch seconds. */
export function formatTimestamp(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The five chat clients of the row menu. */
export const CHAT_CLIENTS = ['next', 'next-mj', 'lobe', 'ama', 'opencat'] as const;
export type ChatClient = (typeof CHAT_CLIENTS)[number];

export const CHAT_CLIENT_NAMES: Record<ChatClient, string> = {
  next: 'ChatGPT Next Web',
  'next-mj': 'ChatGPT Web & Midjourney',
  lobe: 'Lobe Chat',
  ama: 'AMA 问天（BotGem）',
  opencat: 'OpenCat',
};

/**
 * Chat links may be stored as "tab name（link）" with full-width parentheses (§2.5), or with ASCII
 * ones around an http(s) address ("tab name (https://…)", as an English admin types it);
 * returns the address part, or the text itself when it is a bare link.
 */
export function chatLinkAddress(stored: string | undefined): string | undefined {
  const text = stored?.trim() ?? '';
  if (text === '') return undefined;
  const m = /（\s*([^（）]+?)\s*）\s*$/.exec(text) ?? /\(\s*(https?:\/\/[^()\s]+?)\s*\)\s*$/i.exec(text);
  const address = (m?.[1] ?? text).replace(/\/+$/, '');
  return address === '' ? undefined : address;
}

export interface ChatLinks {
  chatLink?: string | undefined;
  chatLink2?: string | undefined;
}

export type ChatUrlResult = { ok: true; url: string } | { ok: false; error: 'noChatLink' };

/** The address to open for a client; web clients need the admin's chat link (§8 "no chat link"). */
export function buildChatUrl(client: ChatClient, key: string, serverAddress: string, links: ChatLinks): ChatUrlResult {
  const sk = fullKey(key);
  const server = serverAddress.replace(/\/+$/, '');
  const encoded = encodeURIComponent(server);
  const nextSettings = JSON.stringify({ key: sk, url: server });
  switch (client) {
    case 'ama':
      return { ok: true, url: `ama://set-api-key?server=${encoded}&key=${sk}` };
    case 'opencat':
      return { ok: true, url: `opencat://team/join?domain=${encoded}&token=${sk}` };
    case 'next-mj': {
      const link = chatLinkAddress(links.chatLink2);
      return link ? { ok: true, url: `${link}/#/?settings=${nextSettings}` } : { ok: false, error: 'noChatLink' };
    }
    case 'next': {
      const link = chatLinkAddress(links.chatLink);
      return link ? { ok: true, url: `${link}/#/?settings=${nextSettings}` } : { ok: false, error: 'noChatLink' };
    }
    case 'lobe': {
      const link = chatLinkAddress(links.chatLink);
      const settings = JSON.stringify({ keyVaults: { openai: { apiKey: sk, baseURL: `${server}/v1` } } });
      return link ? { ok: true, url: `${link}/?settings=${settings}` } : { ok: false, error: 'noChatLink' };
    }
    default: {
      const never: never = client;
      return never;
    }
  }
}

/** Whether a debug document is a page address to embed rather than HTML to show (§2.5). */
export function isDocumentUrl(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text.trim());
}
