// The signed-in user's own online top-up orders (GET /api/user/topup/self), newest first.
import { Card, Table } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { usePaging } from '../../hooks/usePaging';
import type { OrderPage } from './types';
import { useOrderColumns } from './useOrderColumns';

export function TopUpOrders() {
  const { t } = useT();
  const { page, pageSize, pagination } = usePaging();
  const { data, isLoading } = useApiData<OrderPage>(keys.topUpSelf(page - 1, pageSize));
  const columns = useOrderColumns({ admin: false });
  return (
    <Card title={t('console.payments.orders.title')} description={t('console.payments.orders.description')}>
      <Table
        caption={t('console.payments.orders.title')}
        minWidth="56rem"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        loading={isLoading}
        empty={t('console.payments.orders.empty')}
        data-testid="my-orders"
        pagination={pagination(data?.total ?? 0)}
      />
    </Card>
  );
}
