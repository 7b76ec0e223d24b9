// The "view" of one code: every field as label and value.
import type { ReactNode } from 'react';
import { Stack, Tag } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import { RedemptionStatus } from './RedemptionCells';
import { formatTime, type Redemption } from './types';

export function RedemptionView({ code, display }: { code: Redemption; display: QuotaDisplay }) {
  const { t } = useT();
  const rows: [string, ReactNode][] = [
    [t('console.redemptions.columns.id'), String(code.id)],
    [t('console.redemptions.columns.name'), code.name],
    [t('console.redemptions.view.key'), <Tag key="k">{code.key}</Tag>],
    [t('console.redemptions.columns.status'), <RedemptionStatus key="s" status={code.status} />],
    [t('console.redemptions.columns.quota'), formatQuota(code.quota, display)],
    [t('console.redemptions.columns.created'), formatTime(code.created_time)],
    [t('console.redemptions.view.redeemed'), formatTime(code.redeemed_time)],
    [t('console.redemptions.columns.redeemer'), code.used_user_id === 0 ? t('console.redemptions.none') : String(code.used_user_id)],
    [t('console.redemptions.view.expires'), code.expired_time === 0 ? t('console.redemptions.view.never') : formatTime(code.expired_time)],
  ];
  return (
    <Stack gap={2} role="list">
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" gap={3} justify="between" role="listitem" wrap={false}>
          <span>{label}</span>
          <span>{value}</span>
        </Stack>
      ))}
    </Stack>
  );
}
