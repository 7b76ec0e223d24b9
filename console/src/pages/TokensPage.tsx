// My tokens (spec §2.5): the kit's TokenManager on the session's client, plus the
// quick-configuration chat (§2.13).
import { useState } from 'react';
import { Button, ConnectedTokenManager, PageContainer } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { QuickChatDialog } from '../features/chat/QuickChatDialog';
import { useChatLauncher } from '../features/chat/useChatLauncher';

export function TokensPage() {
  const { t } = useT();
  const { client } = useSession();
  const [quickOpen, setQuickOpen] = useState(false);
  const launch = useChatLauncher();
  return (
    <PageContainer
      title={t('console.tokens.title')}
      width="full"
      extra={
        <Button variant="outline" onClick={() => setQuickOpen(true)}>
          {t('console.tokens.quick.open')}
        </Button>
      }
    >
      <ConnectedTokenManager client={client} defaultSiteOrigin={window.location.origin} />
      <QuickChatDialog open={quickOpen} onOpenChange={setQuickOpen} onLaunch={launch} />
    </PageContainer>
  );
}
