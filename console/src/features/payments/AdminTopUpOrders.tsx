// Every user's orders for admins (GET /api/user/topup: trade-number search and a status filter),
// with "complete by hand" for an order the gateway never confirmed (POST /api/user/topup/complete,
// recorded in the admin log by the server).
import { useCallback, useState } from 'react';
import { Button, Card, Dialog, DialogActions, FormField, Input, Select, Table, Toolbar, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData, useInvalidate } from '../../api/useApi';
import { usePaging } from '../../hooks/usePaging';
import type { AdminOrderPage, AdminTopUpOrder } from './types';
import { useOrderColumns } from './useOrderColumns';

export function AdminTopUpOrders() {
  const { t } = useT();
  const { call } = useApi();
  const invalidate = useInvalidate();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [keyword, setKeyword] = useState('');
  const [filters, setFilters] = useState({ keyword: '', status: '' });
  const [target, setTarget] = useState<AdminTopUpOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isLoading } = useApiData<AdminOrderPage>(keys.topUpAll({ p: page - 1, page_size: pageSize, ...filters }));

  const action = useCallback(
    (row: AdminTopUpOrder) =>
      row.status === 'success' ? null : (
        <Button size="sm" variant="outline" aria-label={`${t('console.payments.orders.complete')} ${row.trade_no}`} onClick={() => setTarget(row)}>
          {t('console.payments.orders.complete')}
        </Button>
      ),
    [t],
  );
  const columns = useOrderColumns({ admin: true, action });

  const complete = async () => {
    if (!target) return;
    setBusy(true);
    const res = await call('POST', '/api/user/topup/complete', { trade_no: target.trade_no } satisfies ApiBody<'/api/user/topup/complete', 'post'>);
    setBusy(false);
    if (!res) return;
    toast.success(t('console.payments.orders.completed_ok'));
    setTarget(null);
    await invalidate('/api/user/');
  };

  const statusOptions = [
    { value: 'all', label: t('console.payments.orders.statusAll') },
    { value: 'pending', label: t('console.payments.orders.statusPending') },
    { value: 'success', label: t('console.payments.orders.statusSuccess') },
    { value: 'expired', label: t('console.payments.orders.statusExpired') },
  ];

  return (
    <Card title={t('console.payments.orders.allTitle')} description={t('console.payments.orders.allDescription')}>
      <Toolbar
        filtersLabel={t('console.payments.orders.search')}
        onSearch={() => {
          setPage(1);
          setFilters((f) => ({ ...f, keyword: keyword.trim() }));
        }}
        filters={
          <>
            <FormField label={t('console.payments.orders.keyword')}>
              <Input value={keyword} onValueChange={setKeyword} />
            </FormField>
            <FormField label={t('console.payments.orders.status')}>
              <Select
                aria-label={t('console.payments.orders.status')}
                options={statusOptions}
                value={filters.status || 'all'}
                onValueChange={(v) => {
                  setPage(1);
                  setFilters((f) => ({ ...f, status: v === null || v === 'all' ? '' : v }));
                }}
              />
            </FormField>
            <Button type="submit">{t('console.payments.orders.search')}</Button>
          </>
        }
      />
      <Table
        caption={t('console.payments.orders.allTitle')}
        minWidth="64rem"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.id}
        loading={isLoading}
        empty={t('console.payments.orders.empty')}
        data-testid="all-orders"
        pagination={pagination(data?.total ?? 0)}
      />
      <Dialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setTarget(null);
        }}
        size="sm"
        title={t('console.payments.orders.completeTitle')}
        footer={
          <DialogActions
            cancelText={t('console.payments.orders.cancel')}
            cancelDisabled={busy}
            confirmText={t('console.payments.orders.completeConfirm')}
            loading={busy}
            onConfirm={() => void complete()}
          />
        }
      >
        <p>{target ? t('console.payments.orders.completeBody', { tradeNo: target.trade_no, amount: target.amount }) : null}</p>
      </Dialog>
    </Card>
  );
}
