// The personal tab (spec §2 screen 9): account summary, password, access token, referral,
// bindings and self-deletion, each its own card over GET /api/user/self.
import { EmptyState, Skeleton, Stack } from '@sluice/ui-kit';
import { useApiData } from '../../api/useApi';
import { keys } from '../../api/keys';
import { AccountSummary } from './AccountSummary';
import { PasswordCard } from './PasswordCard';
import { AccessTokenCard } from './AccessTokenCard';
import { AffiliateCard } from './AffiliateCard';
import { BindingsCard } from './BindingsCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import type { SelfView } from './types';

export function PersonalTab() {
  const { data: self, error, mutate } = useApiData<SelfView>(keys.self());
  if (!self) return error ? <EmptyState /> : <Skeleton />;
  const reload = () => void mutate();
  return (
    <Stack gap={4}>
      <AccountSummary self={self} />
      <BindingsCard self={self} onChanged={reload} />
      <PasswordCard />
      <AccessTokenCard />
      <AffiliateCard self={self} onChanged={reload} />
      <DeleteAccountCard username={self.username} />
    </Stack>
  );
}
