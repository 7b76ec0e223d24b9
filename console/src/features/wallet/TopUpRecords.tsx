// The last 5 top-ups (spec §2.7): the caller's top-up log rows (type 1).
import { Table, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import { formatTime } from '../redemptions/types';
import type { TopUpLog, TopUpLogPage } from './types';

export function TopUpRecords({ display }: { display: QuotaDisplay }) {
  const { t } = useT();
  const { data, isLoading, error } = useApiData<TopUpLogPage>(keys.topUpRecords(), { keepPreviousData: true });
  const columns: TableColumn<TopUpLog>[] = [
    { key: 'id', title: t('console.wallet.records.id'), width: '5rem' },
    { key: 'time', title: t('console.wallet.records.time'), render: (r) => formatTime(r.created_at) },
    { key: 'amount', title: t('console.wallet.records.amount'), align: 'end', render: (r) => formatQuota(r.quota, display) },
  ];
  return (
    <Table
      caption={t('console.wallet.records.title')}
      columns={columns}
      rows={data?.items ?? []}
      rowKey={(r) => r.id}
      loading={isLoading}
      empty={error ? t('console.wallet.records.failed') : t('console.wallet.records.empty')}
      columnSettings="hidden"
      pagination={false}
      size="sm"
    />
  );
}
