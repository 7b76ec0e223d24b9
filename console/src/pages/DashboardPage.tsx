import { useMemo, useState } from 'react';
import { Banner, Button, DateTimeRangePicker, EmptyState, FormField, Input, PageContainer, Select, Skeleton, Stack, Toolbar } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { useSession } from '../app/session';
import { useStoredState } from '../app/useStoredState';
import { GRANULARITIES, isGranularity, type Granularity, type QuotaDataRow } from '../features/dashboard/aggregate';
import { DashboardView } from '../features/dashboard/DashboardView';

const DAY = 86400;

interface Range {
  start: number;
  end: number;
}

function defaultRange(): Range {
  const now = Math.floor(Date.now() / 1000);
  return { start: now - 7 * DAY, end: now + 3600 };
}

/**
 * The data dashboard (/detail): consumption from the hourly aggregates, as charts and a table. The
 * granularity defaults to the option's value, kept locally (the option screen writes the same key).
 */
export function DashboardPage() {
  const { t } = useT();
  const { admin, status } = useSession();
  const optionDefault = isGranularity(status.data_export_default_time) ? status.data_export_default_time : 'hour';
  const [stored, setGranularity] = useStoredState<string>('data_export_default_time', optionDefault);
  const granularity: Granularity = isGranularity(stored) ? stored : optionDefault;
  const [range, setRange] = useState<Range>(defaultRange);
  const [draft, setDraft] = useState<Range>(range);
  const [username, setUsername] = useState('');
  const [draftUser, setDraftUser] = useState('');
  const params = useMemo(
    () => ({ start_timestamp: range.start, end_timestamp: range.end, ...(admin && username.trim() ? { username: username.trim() } : {}) }),
    [range, username, admin],
  );
  const enabled = status.enable_data_export !== false;
  const { data, isLoading } = useApiData<QuotaDataRow[]>(enabled ? keys.quotaData(admin, params) : null);
  const toDate = (s: number) => new Date(s * 1000);
  const toSeconds = (d: Date | null, fallback: number) => (d ? Math.floor(d.getTime() / 1000) : fallback);
  return (
    <PageContainer title={t('console.dashboard.title')} description={t('console.dashboard.description')} width="full">
      <Stack gap={5}>
        {!enabled && <Banner type="warning">{t('console.dashboard.disabled')}</Banner>}
        <Toolbar
          filtersLabel={t('console.dashboard.filters.label')}
          onSearch={() => {
            setRange(draft);
            setUsername(draftUser);
          }}
          filters={
            <>
              <FormField label={t('console.dashboard.filters.range')} htmlFor="dashboard-range">
                <DateTimeRangePicker
                  id="dashboard-range"
                  startLabel={t('console.dashboard.filters.start')}
                  endLabel={t('console.dashboard.filters.end')}
                  value={{ start: toDate(draft.start), end: toDate(draft.end) }}
                  onValueChange={(r) => setDraft({ start: toSeconds(r.start, draft.start), end: toSeconds(r.end, draft.end) })}
                />
              </FormField>
              {admin && (
                <FormField label={t('console.dashboard.filters.username')}>
                  <Input value={draftUser} onValueChange={setDraftUser} placeholder={t('console.dashboard.filters.usernameHint')} clearable />
                </FormField>
              )}
              <FormField label={t('console.dashboard.filters.granularity')} htmlFor="dashboard-granularity">
                <Select
                  id="dashboard-granularity"
                  aria-label={t('console.dashboard.filters.granularity')}
                  options={GRANULARITIES.map((g) => ({ value: g, label: t(`console.dashboard.filters.${g}`) }))}
                  value={granularity}
                  onValueChange={(v) => v && setGranularity(v)}
                />
              </FormField>
              <Button type="submit" variant="primary">
                {t('console.dashboard.filters.search')}
              </Button>
            </>
          }
        />
        {isLoading ? (
          <Skeleton />
        ) : data && data.length > 0 ? (
          // The query's end is an hour ahead (as new-api's); the axis stops at now, so between 23:00
          // and midnight it does not draw tomorrow as an empty day.
          <DashboardView rows={data} granularity={granularity} range={{ start: range.start, end: Math.min(range.end, Math.floor(Date.now() / 1000)) }} />
        ) : (
          enabled && <EmptyState title={t('console.dashboard.empty')} />
        )}
      </Stack>
    </PageContainer>
  );
}
