import { EmptyState } from '@sluice/ui-kit';

export function VendorsTab() {
  return <EmptyState />;
}
