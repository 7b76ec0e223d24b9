// The wallet card (spec §2.7): the balance, the redeem form, online top-up and the last top-ups.
import { Card, StatCard, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { ConsoleStatus } from '../../api/status';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import { OnlineTopUp } from './OnlineTopUp';
import { RedeemForm } from './RedeemForm';
import { TopUpRecords } from './TopUpRecords';
import type { SelfWallet } from './types';

interface Props {
  self: SelfWallet | undefined;
  status: ConsoleStatus;
  display: QuotaDisplay;
  onRedeemed: (quota: number) => void;
}

export function WalletCard({ self, status, display, onRedeemed }: Props) {
  const { t } = useT();
  const topUpLink = typeof status.top_up_link === 'string' ? status.top_up_link : '';
  return (
    <Card title={t('console.wallet.title')}>
      <Stack gap={5}>
        <Stack direction="row" gap={3} align="stretch">
          <StatCard label={t('console.wallet.balance')} value={formatQuota(self?.quota ?? 0, display)} tone="primary" loading={!self} data-testid="balance" />
          <StatCard label={t('console.wallet.used')} value={formatQuota(self?.used_quota ?? 0, display)} loading={!self} />
        </Stack>
        <Card title={t('console.wallet.redeem.title')} variant="filled" padding="sm">
          <RedeemForm display={display} topUpLink={topUpLink} onRedeemed={onRedeemed} />
        </Card>
        <Card title={t('console.wallet.online.title')} variant="filled" padding="sm">
          <OnlineTopUp status={status} />
        </Card>
        <Card title={t('console.wallet.records.title')} variant="filled" padding="sm">
          <TopUpRecords display={display} />
        </Card>
      </Stack>
    </Card>
  );
}
