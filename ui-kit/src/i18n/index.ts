export { I18nProvider, useT } from './I18nProvider';
export type { I18nProviderProps, UseTResult } from './I18nProvider';
export { addKitMessages, createKitI18n, getLocale, kitI18n, setLocale } from './instance';
export { DEFAULT_LOCALE, LOCALES, isLocale } from './types';
export type { Locale, MessageKey, Translate, TranslateValues } from './types';
export { zhCN } from './messages.zh-CN';
export type { Messages } from './messages.zh-CN';
export { en } from './messages.en';
