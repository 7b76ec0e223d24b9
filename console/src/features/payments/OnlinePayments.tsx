// The wallet page's online payments: the top-up card, the user's orders and, for admins, every
// user's orders with manual completion.
import { Stack } from '@sluice/ui-kit';
import { useSession } from '../../app/session';
import { AdminTopUpOrders } from './AdminTopUpOrders';
import { OnlineTopUpCard } from './OnlineTopUpCard';
import { TopUpOrders } from './TopUpOrders';

export function OnlinePayments({ showBalance = true }: { showBalance?: boolean }) {
  const { admin } = useSession();
  return (
    <Stack gap={4}>
      <OnlineTopUpCard showBalance={showBalance} />
      <TopUpOrders />
      {admin ? <AdminTopUpOrders /> : null}
    </Stack>
  );
}
