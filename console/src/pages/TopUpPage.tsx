// Wallet and invitations (spec §2.7): see features/wallet. The balance comes from
// /api/user/self; a redeem adds the returned quota at once, then the server's value follows.
import { PageContainer, Stack } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { keys } from '../api/keys';
import { useApiData, useInvalidate } from '../api/useApi';
import { quotaDisplayOf } from '../features/quota/format';
import { InviteCard } from '../features/wallet/InviteCard';
import type { SelfWallet } from '../features/wallet/types';
import { WalletCard } from '../features/wallet/WalletCard';
import { PaymentOrders } from '../features/payments/PaymentOrders';

export function TopUpPage() {
  const { t } = useT();
  const { status } = useSession();
  const display = quotaDisplayOf(status);
  const self = useApiData<SelfWallet>(keys.self());
  const invalidate = useInvalidate();

  return (
    <PageContainer title={t('console.wallet.pageTitle')}>
      <Stack gap={5}>
        <WalletCard
          self={self.data}
          status={status}
          display={display}
          onRedeemed={(quota) => {
            void self.mutate((s) => (s ? { ...s, quota: s.quota + quota } : s), { revalidate: true });
            // The new top-up row.
            void invalidate('/api/log/self/');
          }}
        />
        <PaymentOrders />
        <InviteCard self={self.data} display={display} onTransferred={() => void self.mutate()} />
      </Stack>
    </PageContainer>
  );
}
