import { useState } from 'react';
import { Button, DateTimeRangePicker, FormField, Input, Toolbar } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { defaultLogFilter } from './filter';
import type { LogFilter } from './types';

export interface LogFiltersProps {
  value: LogFilter;
  admin: boolean;
  /** Applies the form (the type tab is kept). */
  onSearch: (next: LogFilter) => void;
  /** Extra actions beside the filters (the export). */
  actions?: React.ReactNode;
}

const toDate = (seconds: number) => (seconds > 0 ? new Date(seconds * 1000) : null);
const toSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The filter form of §2.8: token, model, start and end; admins also channel and username. */
export function LogFilters({ value, admin, onSearch, actions }: LogFiltersProps) {
  const { t } = useT();
  const [draft, setDraft] = useState<LogFilter>(value);
  const set = <K extends keyof LogFilter>(key: K, v: LogFilter[K]) => setDraft((d) => ({ ...d, [key]: v }));
  return (
    <Toolbar
      filtersLabel={t('console.logs.filters.label')}
      onSearch={() => onSearch({ ...draft, type: value.type })}
      filters={
        <>
          <FormField label={t('console.logs.filters.tokenName')}>
            <Input value={draft.token_name} onValueChange={(v) => set('token_name', v)} clearable />
          </FormField>
          <FormField label={t('console.logs.filters.modelName')}>
            <Input value={draft.model_name} onValueChange={(v) => set('model_name', v)} clearable />
          </FormField>
          <FormField label={`${t('console.logs.filters.start')} – ${t('console.logs.filters.end')}`} htmlFor="log-range-start">
            <DateTimeRangePicker
              id="log-range-start"
              startLabel={t('console.logs.filters.start')}
              endLabel={t('console.logs.filters.end')}
              value={{ start: toDate(draft.start_timestamp), end: toDate(draft.end_timestamp) }}
              onValueChange={(r) => setDraft((d) => ({ ...d, start_timestamp: toSeconds(r.start), end_timestamp: toSeconds(r.end) }))}
            />
          </FormField>
          {admin && (
            <>
              <FormField label={t('console.logs.filters.channel')}>
                <Input value={draft.channel} inputMode="numeric" onValueChange={(v) => set('channel', v.replace(/\D/g, ''))} clearable />
              </FormField>
              <FormField label={t('console.logs.filters.username')}>
                <Input value={draft.username} onValueChange={(v) => set('username', v)} clearable />
              </FormField>
            </>
          )}
          <Button type="submit" variant="primary">
            {t('console.logs.filters.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const fresh = { ...defaultLogFilter(), type: value.type };
              setDraft(fresh);
              onSearch(fresh);
            }}
          >
            {t('console.logs.filters.reset')}
          </Button>
        </>
      }
      actions={actions}
    />
  );
}
