// The kit owns its i18next instance (createInstance, never the global `i18next`), so a
// host page that uses i18next for itself keeps its own language and resources.
import { createInstance, type i18n as I18nInstance } from 'i18next';
import { en } from './messages.en';
import { zhCN } from './messages.zh-CN';
import { DEFAULT_LOCALE, type Locale } from './types';

const NAMESPACE = 'sluice';

export const resources = {
  'zh-CN': { [NAMESPACE]: zhCN },
  en: { [NAMESPACE]: en },
} as const;

/** A ready (synchronously initialised) instance for the given locale. */
export function createKitI18n(locale: Locale = DEFAULT_LOCALE): I18nInstance {
  const instance = createInstance();
  // initAsync: false makes init() finish before returning, so the first render is translated.
  void instance.init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: ['zh-CN', 'en'],
    ns: [NAMESPACE],
    defaultNS: NAMESPACE,
    resources,
    initAsync: false,
    // React escapes output already; escaping twice would show &amp; etc.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Instance used by components rendered without an <I18nProvider>. */
export const kitI18n: I18nInstance = createKitI18n();

/** Changes the language of components that are not under an <I18nProvider>. */
export function setLocale(locale: Locale): Promise<unknown> {
  return kitI18n.changeLanguage(locale);
}

export function getLocale(): Locale {
  return kitI18n.language === 'en' ? 'en' : 'zh-CN';
}
