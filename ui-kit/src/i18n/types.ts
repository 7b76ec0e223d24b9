import type { Messages } from './messages.zh-CN';

export type Locale = 'zh-CN' | 'en';

export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Dotted paths to every string leaf: 'common.ok' | 'select.noOptions' | ... */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;

export type TranslateValues = Record<string, string | number>;

/** The typed translate function handed out by useT(). */
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
