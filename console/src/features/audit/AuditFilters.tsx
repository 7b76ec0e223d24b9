import { useState } from 'react';
import { Button, DateTimeRangePicker, FormField, Input, Select, Toolbar } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { AUDIT_ACTIONS, defaultAuditFilter, type AuditFilter } from './types';

export interface AuditFiltersProps {
  value: AuditFilter;
  onSearch: (next: AuditFilter) => void;
}

const ANY = '__any__';
const toDate = (seconds: number) => (seconds > 0 ? new Date(seconds * 1000) : null);
const toSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** Action, outcome, actor, target user and time range; applied by Search. */
export function AuditFilters({ value, onSearch }: AuditFiltersProps) {
  const { t } = useT();
  const [draft, setDraft] = useState<AuditFilter>(value);
  const set = <K extends keyof AuditFilter>(key: K, v: AuditFilter[K]) => setDraft((d) => ({ ...d, [key]: v }));
  const actionOptions = [
    { value: ANY, label: t('console.audit.filters.anyAction') },
    ...AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`console.audit.actions.${a}`), textValue: t(`console.audit.actions.${a}`) })),
  ];
  const outcomeOptions = [
    { value: ANY, label: t('console.audit.filters.anyOutcome') },
    { value: 'success', label: t('console.audit.outcome.success') },
    { value: 'failure', label: t('console.audit.outcome.failure') },
  ];
  return (
    <Toolbar
      filtersLabel={t('console.audit.filters.label')}
      onSearch={() => onSearch(draft)}
      filters={
        <>
          <FormField label={t('console.audit.filters.action')}>
            <Select
              aria-label={t('console.audit.filters.action')}
              searchable
              options={actionOptions}
              value={draft.action === '' ? ANY : draft.action}
              onValueChange={(v) => set('action', v === null || v === ANY ? '' : v)}
            />
          </FormField>
          <FormField label={t('console.audit.filters.outcome')}>
            <Select
              aria-label={t('console.audit.filters.outcome')}
              options={outcomeOptions}
              value={draft.outcome === '' ? ANY : draft.outcome}
              onValueChange={(v) => set('outcome', v === null || v === ANY ? '' : v)}
            />
          </FormField>
          <FormField label={t('console.audit.filters.actor')}>
            <Input value={draft.actor_id} inputMode="numeric" onValueChange={(v) => set('actor_id', v.replace(/\D/g, ''))} clearable />
          </FormField>
          <FormField label={t('console.audit.filters.target')}>
            <Input value={draft.target_user_id} inputMode="numeric" onValueChange={(v) => set('target_user_id', v.replace(/\D/g, ''))} clearable />
          </FormField>
          <FormField label={`${t('console.audit.filters.start')} – ${t('console.audit.filters.end')}`} htmlFor="audit-range-start">
            <DateTimeRangePicker
              id="audit-range-start"
              startLabel={t('console.audit.filters.start')}
              endLabel={t('console.audit.filters.end')}
              value={{ start: toDate(draft.start_timestamp), end: toDate(draft.end_timestamp) }}
              onValueChange={(r) => setDraft((d) => ({ ...d, start_timestamp: toSeconds(r.start), end_timestamp: toSeconds(r.end) }))}
            />
          </FormField>
          <Button type="submit" variant="primary">
            {t('console.audit.filters.search')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const fresh = defaultAuditFilter();
              setDraft(fresh);
              onSearch(fresh);
            }}
          >
            {t('console.audit.filters.reset')}
          </Button>
        </>
      }
    />
  );
}
