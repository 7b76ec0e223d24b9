// PLACEHOLDER: replaced by the screen's owner.
import { PageContainer, useT } from '@sluice/ui-kit';
import { OnlinePayments } from '../features/payments/OnlinePayments';

export function TopUpPage() {
  const { t } = useT();
  return <PageContainer title={t('console.payments.topup.pageTitle')}><OnlinePayments /></PageContainer>;
}
