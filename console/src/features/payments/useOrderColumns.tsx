// The columns of an order list: trade number, amount, quota bought, money, method, status,
// created and completed times; admins also see the owner and the "complete by hand" action.
import { useMemo, type ReactNode } from 'react';
import { Tag, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { formatQuota, quotaDisplayOf } from '../quota/format';
import { METHOD_LABELS, STATUS_LABELS, formatTime } from './format';
import type { TopUpOrder } from './types';

export function useOrderColumns<T extends TopUpOrder>(opts: { admin: boolean; action?: (row: T) => ReactNode }): TableColumn<T>[] {
  const { t, locale } = useT();
  const { status } = useSession();
  const { admin, action } = opts;
  return useMemo(() => {
    const display = quotaDisplayOf(status);
    const columns: TableColumn<T>[] = [
      { key: 'id', title: t('console.payments.orders.id'), width: '5rem' },
      ...(admin ? [{ key: 'user_id', title: t('console.payments.orders.user'), width: '6rem' }] : []),
      { key: 'trade_no', title: t('console.payments.orders.tradeNo'), render: (r) => <code>{r.trade_no}</code> },
      { key: 'amount', title: t('console.payments.orders.amount'), render: (r) => `${r.amount} (${formatQuota(r.quota, display)})` },
      { key: 'money', title: t('console.payments.orders.money'), render: (r) => `¥${r.money.toFixed(2)}` },
      {
        key: 'payment_method',
        title: t('console.payments.orders.method'),
        render: (r) => {
          const key = METHOD_LABELS[r.payment_method];
          return key ? t(key) : r.payment_method;
        },
      },
      {
        key: 'status',
        title: t('console.payments.orders.status'),
        render: (r) => {
          const s = STATUS_LABELS[r.status];
          return (
            <Tag size="sm" color={s.color}>
              {t(s.label)}
            </Tag>
          );
        },
      },
      { key: 'create_time', title: t('console.payments.orders.created'), render: (r) => formatTime(r.create_time, locale) },
      { key: 'complete_time', title: t('console.payments.orders.completed'), render: (r) => formatTime(r.complete_time, locale) },
    ];
    if (action) columns.push({ key: 'actions', title: t('console.payments.orders.actions'), hideable: false, render: (r) => action(r) });
    return columns;
  }, [t, locale, status, admin, action]);
}
