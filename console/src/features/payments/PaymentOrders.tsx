// The wallet page's online-payment orders: the user's own and, for admins, every user's with
// manual completion.
import { useSession } from '../../app/session';
import { AdminTopUpOrders } from './AdminTopUpOrders';
import { TopUpOrders } from './TopUpOrders';

export function PaymentOrders() {
  const { admin } = useSession();
  return (
    <>
      <TopUpOrders />
      {admin ? <AdminTopUpOrders /> : null}
    </>
  );
}
