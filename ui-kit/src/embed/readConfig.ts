// Reads an embed placeholder's data-* attributes. Pure, so the attribute contract is
// unit-tested; mount.tsx turns the result into a React root.
import type { SluiceClientOptions } from '../api/client';
import { isLocale, type Locale } from '../i18n/types';
import type { ThemeMode } from '../theme/types';

export const EMBED_WIDGETS = ['pricing', 'playground', 'tokens'] as const;
export type EmbedWidget = (typeof EMBED_WIDGETS)[number];

export interface EmbedConfig {
  widget: EmbedWidget;
  client: SluiceClientOptions;
  locale: Locale;
  mode: ThemeMode;
}

export type EmbedConfigResult = { ok: true; config: EmbedConfig } | { ok: false; error: string };

const CREDENTIALS: readonly RequestCredentials[] = ['include', 'same-origin', 'omit'];

function isWidget(value: string | undefined): value is EmbedWidget {
  return (EMBED_WIDGETS as readonly string[]).includes(value ?? '');
}

/**
 * `data-sluice-widget` picks the widget; `data-base-url` the server (defaults to the
 * origin the embed script came from); `data-api-key`, `data-user-id`,
 * `data-access-token`, `data-credentials`, `data-page-base` configure the client;
 * `data-locale` and `data-theme` the look.
 */
export function readEmbedConfig(dataset: DOMStringMap, defaultBaseUrl: string | undefined): EmbedConfigResult {
  const widget = dataset.sluiceWidget;
  if (!isWidget(widget)) return { ok: false, error: `unknown data-sluice-widget "${widget ?? ''}"` };
  const baseUrl = (dataset.baseUrl ?? '').trim() || defaultBaseUrl;
  if (!baseUrl) return { ok: false, error: 'data-base-url is required' };
  const client: SluiceClientOptions = { baseUrl };
  if (dataset.apiKey) client.apiKey = dataset.apiKey;
  if (dataset.userId) {
    if (!/^\d+$/.test(dataset.userId)) return { ok: false, error: 'data-user-id must be a number' };
    client.userId = Number(dataset.userId);
  }
  if (dataset.accessToken) client.accessToken = dataset.accessToken;
  const credentials = dataset.credentials as RequestCredentials | undefined;
  if (credentials && CREDENTIALS.includes(credentials)) client.credentials = credentials;
  if (dataset.pageBase === '0' || dataset.pageBase === '1') client.pageBase = dataset.pageBase === '0' ? 0 : 1;
  const locale: Locale = isLocale(dataset.locale) ? dataset.locale : 'zh-CN';
  const mode: ThemeMode = dataset.theme === 'dark' ? 'dark' : 'light';
  return { ok: true, config: { widget, client, locale, mode } };
}

/** Origin of a script URL, used as the default server address. */
export function originOf(src: string | undefined): string | undefined {
  if (!src) return undefined;
  try {
    return new URL(src).origin;
  } catch {
    return undefined;
  }
}
