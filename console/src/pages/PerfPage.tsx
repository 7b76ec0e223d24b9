import { EmptyState, FormField, PageContainer, Select, Skeleton, Stack, Toolbar } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { useStoredState } from '../app/useStoredState';
import { PerfView } from '../features/perf/PerfView';
import { PERF_WINDOWS, isPerfWindow, type PerfReport } from '../features/perf/types';

/** Model speed (/perf, admin): GET /api/perf/models for the chosen window, refreshed every minute. */
export function PerfPage() {
  const { t } = useT();
  const [stored, setWindow] = useStoredState<string>('perf-window', '1h');
  const window = isPerfWindow(stored) ? stored : '1h';
  const { data, isLoading } = useApiData<PerfReport>(keys.perfModels(window), { refreshInterval: 60_000 });
  return (
    <PageContainer title={t('console.perf.title')} description={t('console.perf.description')} width="full">
      <Stack gap={5}>
        <Toolbar
          filtersLabel={t('console.perf.window.label')}
          filters={
            <FormField label={t('console.perf.window.label')} htmlFor="perf-window">
              <Select
                id="perf-window"
                aria-label={t('console.perf.window.label')}
                options={PERF_WINDOWS.map((w) => ({ value: w, label: t(`console.perf.window.${w}`) }))}
                value={window}
                onValueChange={(v) => v && setWindow(v)}
              />
            </FormField>
          }
        />
        {isLoading ? (
          <Skeleton />
        ) : data && data.models.length > 0 ? (
          <PerfView report={data} />
        ) : (
          <EmptyState title={t('console.perf.empty')} />
        )}
      </Stack>
    </PageContainer>
  );
}
