// PLACEHOLDER: replaced by the operator-settings owner. The settings page lazy-loads this tab.
import { EmptyState, useT } from '@sluice/ui-kit';

export function GroupTab() {
  const { t } = useT();
  return <EmptyState title={t('console.shell.notBuilt')} />;
}
