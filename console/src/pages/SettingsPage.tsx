// PLACEHOLDER: replaced by the screen's owner.
import { PageContainer, useT } from '@sluice/ui-kit';

export function SettingsPage() {
  const { t } = useT();
  return <PageContainer title={t('console.shell.notBuilt')} />;
}
