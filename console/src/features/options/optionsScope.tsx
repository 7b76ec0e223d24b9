import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApiData } from '../../api/useApi';
import { keys } from '../../api/keys';

export type OptionMap = Readonly<Record<string, string>>;

interface OptionsScopeValue {
  /** Every stored option the server shows (secrets are never among them); undefined while loading. */
  options: OptionMap | undefined;
  /** Counts finished loads: an unchanged list keeps its identity, yet a load still counts. */
  loads: number;
  /** Loads the whole list again (after a save). */
  reload(): Promise<void>;
}

const OptionsContext = createContext<OptionsScopeValue | null>(null);

interface OptionRow {
  key: string;
  value: string;
}

/**
 * One load of GET /api/option/ for a settings tab, shared by all its sections. The load that brings
 * the options to the screen says "refresh succeeded" (spec §2 screen 11); loads the user did not ask
 * for say nothing: a tab opened over the cached list, the reload after a save (which says "saved"),
 * a revalidation on focus. So switching tabs or saving never stacks these toasts.
 */
export function OptionsScope({ children }: { children: ReactNode }) {
  const { t } = useT();
  const [loads, setLoads] = useState(0);
  // Set at the first render: true while nothing (not even a cached list) is on the screen yet.
  const announce = useRef<boolean | null>(null);
  const { data, mutate } = useApiData<OptionRow[]>(keys.options(), {
    onSuccess: () => {
      setLoads((n) => n + 1);
      if (announce.current === true) toast.success(t('console.options.common.refreshed'));
      announce.current = false;
    },
  });
  if (announce.current === null) announce.current = data === undefined;
  const options = useMemo(() => (data ? Object.fromEntries(data.map((row) => [row.key, row.value])) : undefined), [data]);
  const reload = useCallback(async () => {
    await mutate();
  }, [mutate]);
  const value = useMemo(() => ({ options, loads, reload }), [options, loads, reload]);
  return <OptionsContext.Provider value={value}>{children}</OptionsContext.Provider>;
}

export function useOptionsScope(): OptionsScopeValue {
  const scope = useContext(OptionsContext);
  if (!scope) throw new Error('useOptionsScope outside <OptionsScope>');
  return scope;
}
