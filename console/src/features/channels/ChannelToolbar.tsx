import { useState } from 'react';
import { Button, FormField, Input, Select, Stack, Switch, Toolbar } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useNavigate } from 'react-router';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { NO_FILTERS, type ChannelFilters } from './useChannelList';

interface FiltersProps {
  idSort: boolean;
  onIdSort: (on: boolean) => void;
  onSearch: (filters: ChannelFilters) => void;
}

const ALL = '__all__';

/** Keyword (id, name, key), model keyword, group, and the ID-sort toggle. */
export function ChannelFiltersBar({ idSort, onIdSort, onSearch }: FiltersProps) {
  const { t } = useT();
  const [draft, setDraft] = useState<ChannelFilters>(NO_FILTERS);
  const { data: groups } = useApiData<string[]>(keys.groups());
  const groupOptions = [{ value: ALL, label: t('console.channels.filters.allGroups') }, ...(groups ?? []).map((g) => ({ value: g, label: g }))];
  return (
    <Toolbar
      filtersLabel={t('console.channels.filters.label')}
      onSearch={() => onSearch(draft)}
      filters={
        <>
          <FormField label={t('console.channels.filters.keywordLabel')}>
            <Input
              placeholder={t('console.channels.filters.keyword')}
              value={draft.keyword}
              onValueChange={(keyword) => setDraft((d) => ({ ...d, keyword }))}
              clearable
            />
          </FormField>
          <FormField label={t('console.channels.filters.modelLabel')}>
            <Input
              placeholder={t('console.channels.filters.model')}
              value={draft.model}
              onValueChange={(model) => setDraft((d) => ({ ...d, model }))}
              clearable
            />
          </FormField>
          <FormField label={t('console.channels.filters.groupLabel')}>
            <Select
              aria-label={t('console.channels.filters.groupLabel')}
              placeholder={t('console.channels.filters.group')}
              options={groupOptions}
              value={draft.group === '' ? ALL : draft.group}
              onValueChange={(g) => {
                const group = g === null || g === ALL ? '' : g;
                setDraft((d) => ({ ...d, group }));
                onSearch({ ...draft, group });
              }}
            />
          </FormField>
          <Button type="submit" variant="primary">
            {t('console.channels.filters.search')}
          </Button>
          <Switch label={t('console.channels.filters.idSort')} checked={idSort} onCheckedChange={onIdSort} />
        </>
      }
    />
  );
}

interface ActionsProps {
  testAll: { start: () => Promise<void>; starting: boolean };
  balanceAll: { start: () => Promise<void>; starting: boolean };
  onRefresh: () => void;
  onDeleteDisabled: () => void;
  onFix: () => void;
  batch: boolean;
  onBatch: (on: boolean) => void;
  selectedCount: number;
  onDeleteSelected: () => void;
}

export function ChannelActionsBar(p: ActionsProps) {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <Stack direction="row" gap={2} wrap>
      <Button variant="primary" onClick={() => navigate('/channel/add')}>
        {t('console.channels.actions.add')}
      </Button>
      <Button variant="outline" loading={p.testAll.starting} onClick={() => void p.testAll.start()}>
        {t('console.channels.actions.testAll')}
      </Button>
      <Button variant="outline" loading={p.balanceAll.starting} onClick={() => void p.balanceAll.start()}>
        {t('console.channels.actions.updateAllBalances')}
      </Button>
      <Button variant="outline" onClick={p.onRefresh}>
        {t('console.channels.actions.refresh')}
      </Button>
      <Button variant="outline" tone="danger" onClick={p.onDeleteDisabled}>
        {t('console.channels.actions.deleteDisabled')}
      </Button>
      <Button variant="outline" tone="neutral" onClick={p.onFix}>
        {t('console.channels.actions.fix')}
      </Button>
      <Switch label={t('console.channels.actions.batchSwitch')} checked={p.batch} onCheckedChange={p.onBatch} />
      {p.batch ? (
        <Button variant="primary" tone="danger" onClick={p.onDeleteSelected}>
          {t('console.channels.actions.deleteSelected')}
          {p.selectedCount > 0 ? ` (${p.selectedCount})` : ''}
        </Button>
      ) : null}
    </Stack>
  );
}
