import { useMemo, useState } from 'react';
import { PageContainer, Stack, Table, Tabs, TabsContent, TabsList, TabsTrigger } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { useSession } from '../app/session';
import { defaultLogFilter, filterParams } from '../features/logs/filter';
import { LogExportButton } from '../features/logs/LogExportButton';
import { LogFilters } from '../features/logs/LogFilters';
import { LogSummary } from '../features/logs/LogSummary';
import { LOG_TYPES, logTypeKey, type LogFilter, type LogPage, type LogRow } from '../features/logs/types';
import { useLogColumns } from '../features/logs/useLogColumns';
import { UserInfoDialog } from '../features/logs/UserInfoDialog';
import { useStoredState } from '../app/useStoredState';

/** Request logs (§2.8): summary, filters, type tabs, column settings kept locally, table, CSV export. */
export function LogsPage() {
  const { t } = useT();
  const { admin } = useSession();
  const [filter, setFilter] = useState<LogFilter>(defaultLogFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useStoredState<number>('log-page-size', 10);
  const [hidden, setHidden] = useStoredState<string[]>('log-hidden-columns', []);
  const [userInfo, setUserInfo] = useState<number | null>(null);
  const params = useMemo(() => filterParams(filter, admin), [filter, admin]);
  const { data, isLoading } = useApiData<LogPage>(keys.logs(admin, { ...params, p: page - 1, page_size: pageSize }));
  const columns = useLogColumns(setUserInfo);
  const apply = (next: LogFilter) => {
    setFilter(next);
    setPage(1);
  };
  const table = (
    <Table<LogRow>
      caption={t('console.logs.title')}
      minWidth="72rem"
      columns={columns}
      rows={data?.items ?? []}
      rowKey={(r) => r.id}
      loading={isLoading}
      empty={t('console.logs.empty')}
      columnSettings="visible"
      hiddenColumns={hidden}
      onHiddenColumnsChange={setHidden}
      pagination={{
        total: data?.total ?? 0,
        page,
        onPageChange: setPage,
        pageSize,
        onPageSizeChange: (size, nextPage) => {
          setPageSize(size);
          setPage(nextPage);
        },
      }}
    />
  );
  return (
    <PageContainer title={t('console.logs.title')} width="full">
      <Stack gap={5}>
        <LogSummary params={params} />
        <LogFilters value={filter} admin={admin} onSearch={apply} actions={<LogExportButton admin={admin} params={params} />} />
        <Tabs value={String(filter.type)} onValueChange={(v) => apply({ ...filter, type: Number(v) })}>
          <TabsList aria-label={t('console.logs.types.label')}>
            {LOG_TYPES.map((type) => (
              <TabsTrigger key={type} value={String(type)}>
                {t(`console.logs.types.${logTypeKey(type)}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          {LOG_TYPES.map((type) => (
            <TabsContent key={type} value={String(type)}>
              {table}
            </TabsContent>
          ))}
        </Tabs>
      </Stack>
      <UserInfoDialog userId={userInfo} onClose={() => setUserInfo(null)} />
    </PageContainer>
  );
}
