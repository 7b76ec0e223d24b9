import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createSluiceClient, isLocale, type Locale, type SluiceClient, type ThemeMode } from '@sluice/ui-kit';
import { withGroupLabels } from './groupLabels';
import { readStoredStatus, storeStatus, type ConsoleStatus } from '../api/status';
import { isAdmin, isRoot, readStoredUser, writeStoredUser, type StoredUser } from '../api/user';

const THEME_KEY = 'theme-mode';
const LOCALE_KEY = 'sluice-locale';
const CHANNEL_MODELS_KEY = 'channel_models';
const CHANNEL_MODELS_FOR_KEY = 'channel_models_user';

export const DEFAULT_PASSWORD_LATER_KEY = 'default-password-later';

export interface Session {
  user: StoredUser | null;
  admin: boolean;
  root: boolean;
  /** Replaces (or clears, on logout) the stored user; the client follows. */
  setUser(user: StoredUser | null): void;
  status: ConsoleStatus;
  /** Reads /api/status again and stores it. */
  refreshStatus(): Promise<void>;
  theme: ThemeMode;
  setTheme(mode: ThemeMode): void;
  locale: Locale;
  setLocale(locale: Locale): void;
  /** The kit's typed client, bound to the signed-in user and the console's language. */
  client: SluiceClient;
}

const SessionContext = createContext<Session | null>(null);

function readTheme(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

function readLocale(): Locale {
  const stored = localStorage.getItem(LOCALE_KEY);
  return isLocale(stored) ? stored : 'zh-CN';
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<StoredUser | null>(readStoredUser);
  const [status, setStatus] = useState<ConsoleStatus>(readStoredStatus);
  const [theme, setThemeState] = useState<ThemeMode>(readTheme);
  const [locale, setLocaleState] = useState<Locale>(readLocale);

  const client = useMemo(
    () =>
      withGroupLabels(
        createSluiceClient({
          baseUrl: '',
          credentials: 'same-origin',
          pageBase: 0,
          acceptLanguage: locale,
          ...(user ? { userId: user.id } : {}),
        }),
        locale,
      ),
    [user, locale],
  );

  const setUser = useCallback((next: StoredUser | null) => {
    // A login or a logout starts a new session: root's put-off default-password warning shows again.
    localStorage.removeItem(DEFAULT_PASSWORD_LATER_KEY);
    writeStoredUser(next);
    setUserState(next);
  }, []);

  const refreshStatus = useCallback(async () => {
    try {
      const { data } = await client.request<ConsoleStatus>('GET', '/api/status');
      if (data && typeof data === 'object') {
        storeStatus(data);
        setStatus(data);
      }
    } catch {
      // The cached copy stays; the shell works from it until the server answers.
    }
  }, [client]);

  // At start, and again when the user or language changes (a new client).
  useEffect(() => {
    void refreshStatus();
  }, [refreshStatus]);

  // The channel type -> model names map (spec §3: cached with the status and the user), read once
  // per signed-in user and tab (not on every page load: each console request counts against the
  // per-IP API limit); dropped at logout.
  useEffect(() => {
    if (!user) {
      localStorage.removeItem(CHANNEL_MODELS_KEY);
      sessionStorage.removeItem(CHANNEL_MODELS_FOR_KEY);
      return;
    }
    const forUser = String(user.id);
    if (sessionStorage.getItem(CHANNEL_MODELS_FOR_KEY) === forUser && localStorage.getItem(CHANNEL_MODELS_KEY) !== null) return;
    client.request<unknown>('GET', '/api/models').then(
      ({ data }) => {
        localStorage.setItem(CHANNEL_MODELS_KEY, JSON.stringify(data ?? {}));
        sessionStorage.setItem(CHANNEL_MODELS_FOR_KEY, forUser);
      },
      () => undefined,
    );
  }, [client, user]);

  const setTheme = useCallback((mode: ThemeMode) => {
    localStorage.setItem(THEME_KEY, mode);
    setThemeState(mode);
  }, []);

  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(LOCALE_KEY, next);
    document.documentElement.lang = next;
    setLocaleState(next);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // Another tab logging out or in changes the stored user: follow it.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'user') setUserState(readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<Session>(
    () => ({
      user,
      admin: isAdmin(user),
      root: isRoot(user),
      setUser,
      status,
      refreshStatus,
      theme,
      setTheme,
      locale,
      setLocale,
      client,
    }),
    [user, setUser, status, refreshStatus, theme, setTheme, locale, setLocale, client],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}
