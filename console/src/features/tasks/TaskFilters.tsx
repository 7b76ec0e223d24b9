import { useState, type ReactNode } from 'react';
import { Button, DateTimeRangePicker, FormField, Input, Toolbar } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { TaskFilter } from './types';

export interface TaskFiltersProps {
  value: TaskFilter;
  admin: boolean;
  /** The form's values after "reset". */
  defaults: () => TaskFilter;
  onSearch: (next: TaskFilter) => void;
  /** Prefix of the range picker's id (one per screen). */
  idPrefix: string;
  actions?: ReactNode;
}

const toDate = (seconds: number) => (seconds > 0 ? new Date(seconds * 1000) : null);
const toSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The filters of §2.9 and §2.10: channel ID (admins), task ID, start and end time, query and reset. */
export function TaskFilters({ value, admin, defaults, onSearch, idPrefix, actions }: TaskFiltersProps) {
  const { t } = useT();
  const [draft, setDraft] = useState<TaskFilter>(value);
  const rangeId = `${idPrefix}-range-start`;
  return (
    <Toolbar
      filtersLabel={t('console.tasks.filters.label')}
      onSearch={() => onSearch(draft)}
      filters={
        <>
          {admin && (
            <FormField label={t('console.tasks.filters.channel')}>
              <Input
                value={draft.channel}
                inputMode="numeric"
                onValueChange={(v) => setDraft((d) => ({ ...d, channel: v.replace(/\D/g, '') }))}
                clearable
              />
            </FormField>
          )}
          <FormField label={t('console.tasks.filters.taskId')}>
            <Input value={draft.taskId} onValueChange={(v) => setDraft((d) => ({ ...d, taskId: v }))} clearable />
          </FormField>
          <FormField label={`${t('console.tasks.filters.start')} – ${t('console.tasks.filters.end')}`} htmlFor={rangeId}>
            <DateTimeRangePicker
              id={rangeId}
              startLabel={t('console.tasks.filters.start')}
              endLabel={t('console.tasks.filters.end')}
              value={{ start: toDate(draft.start), end: toDate(draft.end) }}
              onValueChange={(r) => setDraft((d) => ({ ...d, start: toSeconds(r.start), end: toSeconds(r.end) }))}
            />
          </FormField>
          <Button type="submit" variant="primary">
            {t('console.tasks.filters.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const next = defaults();
              setDraft(next);
              onSearch(next);
            }}
          >
            {t('console.tasks.filters.reset')}
          </Button>
        </>
      }
      actions={actions}
    />
  );
}
