import { useMemo, useState } from 'react';
import { PageContainer, Stack, Table } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { useStoredState } from '../app/useStoredState';
import { AuditFilters } from '../features/audit/AuditFilters';
import { auditParams, defaultAuditFilter, type AuditFilter, type AuditPage as AuditPageData, type AuditRow } from '../features/audit/types';
import { useAuditColumns } from '../features/audit/useAuditColumns';

/** The audit log (admin): filters and a paged table, newest first, paged by the server. */
export function AuditPage() {
  const { t } = useT();
  const [filter, setFilter] = useState<AuditFilter>(defaultAuditFilter);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useStoredState<number>('audit-page-size', 20);
  const params = useMemo(() => auditParams(filter), [filter]);
  const { data, isLoading } = useApiData<AuditPageData>(keys.audit({ ...params, p: page - 1, page_size: pageSize }));
  const columns = useAuditColumns();
  return (
    <PageContainer title={t('console.audit.title')} width="full">
      <Stack gap={5}>
        <AuditFilters
          value={filter}
          onSearch={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        <Table<AuditRow>
          caption={t('console.audit.title')}
          minWidth="64rem"
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(r) => r.id}
          loading={isLoading}
          empty={t('console.audit.empty')}
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
      </Stack>
    </PageContainer>
  );
}
