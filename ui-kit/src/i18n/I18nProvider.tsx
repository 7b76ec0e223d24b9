import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { i18n as I18nInstance } from 'i18next';
import { useTranslation } from 'react-i18next';
import { createKitI18n, kitI18n } from './instance';
import { DEFAULT_LOCALE, isLocale, type Locale, type Translate } from './types';

const KitI18nContext = createContext<I18nInstance | null>(null);

export interface I18nProviderProps {
  /** Language of everything below. Defaults to zh-CN. */
  locale?: Locale;
  children?: ReactNode;
}

/**
 * Scopes a language to a subtree. Each provider gets its own instance, so two widgets on
 * one page can show different languages and neither touches the host's i18next.
 */
export function I18nProvider({ locale = DEFAULT_LOCALE, children }: I18nProviderProps) {
  // A fresh instance per locale (cheap: resources are bundled) instead of changeLanguage
  // during render, which would update already-mounted subscribers mid-render.
  const instance = useMemo(() => createKitI18n(locale), [locale]);
  return <KitI18nContext.Provider value={instance}>{children}</KitI18nContext.Provider>;
}

export interface UseTResult {
  t: Translate;
  locale: Locale;
}

/** Typed translations for kit components; works with or without an <I18nProvider>. */
export function useT(): UseTResult {
  const scoped = useContext(KitI18nContext);
  const instance = scoped ?? kitI18n;
  // Passing the instance explicitly keeps a host's <I18nextProvider> from leaking in;
  // react-i18next re-renders us on 'languageChanged'.
  const { t, i18n } = useTranslation(undefined, { i18n: instance });
  const locale: Locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return { t: t as Translate, locale };
}
