// PLACEHOLDER: replaced by the screen's owner.
import { PageContainer, useT } from '@sluice/ui-kit';

export function UsersPage() {
  const { t } = useT();
  return <PageContainer title={t('console.shell.notBuilt')} />;
}
