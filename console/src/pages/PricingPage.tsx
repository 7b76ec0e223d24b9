// Model list and prices (spec §2.11): the kit's PricingTable, priced for the signed-in user's
// group (the default group for visitors), with the status object's exchange rate.
import { ConnectedPricingTable, PageContainer } from '@sluice/ui-kit';
import { useSession } from '../app/session';

export function PricingPage() {
  const { client, user } = useSession();
  // The table's own card carries the title (模型列表).
  return (
    <PageContainer width="full">
      <ConnectedPricingTable client={client} {...(user?.group ? { defaultGroup: user.group } : {})} />
    </PageContainer>
  );
}
