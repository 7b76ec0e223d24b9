// The kit owns its i18next instance (createInstance, never the global `i18next`), so a
// host page that uses i18next for itself keeps its own language and resources.
import { createInstance, type i18n as I18nInstance } from 'i18next';
import { en } from './messages.en';
import { zhCN } from './messages.zh-CN';
import { DEFAULT_LOCALE, type Locale } from './types';

const NAMESPACE = 'sluice';

/**
 * Sections an application adds next to the kit's own (the console's 'console' section), by
 * locale. Kept apart from the kit's catalogues so a page embedding a widget downloads only the
 * kit's strings; see addKitMessages.
 */
const added: Record<Locale, Record<string, unknown>> = { 'zh-CN': {}, en: {} };

function resourcesNow() {
  return {
    'zh-CN': { [NAMESPACE]: { ...zhCN, ...added['zh-CN'] } },
    en: { [NAMESPACE]: { ...en, ...added.en } },
  };
}

/**
 * Adds top-level sections to the kit's catalogue in both languages (an application's own
 * strings, read with the same t()). Call it once at start, before the first render; instances
 * created later (each <I18nProvider>) and the default instance both see the sections. A section
 * name the kit already uses is refused, so an application can never replace a widget's strings.
 */
export function addKitMessages(sections: Record<Locale, Record<string, unknown>>): void {
  for (const locale of ['zh-CN', 'en'] as const) {
    for (const name of Object.keys(sections[locale])) {
      if (Object.prototype.hasOwnProperty.call(zhCN, name)) {
        throw new Error(`addKitMessages: '${name}' is a section of the kit's own catalogue`);
      }
    }
    Object.assign(added[locale], sections[locale]);
    kitI18n.addResourceBundle(locale, NAMESPACE, sections[locale], true, true);
  }
}

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
    resources: resourcesNow(),
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
