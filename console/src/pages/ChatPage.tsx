// Chat (spec §2.13): the chosen chat client in a frame. Arriving from a token's quick setup the
// address is in the navigation state; otherwise the quick-configuration dialog asks for it.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Banner, Button, EmbedFrame, EmptyState, PageContainer } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { availableLinks } from '../features/chat/chatLaunch';
import { QuickChatDialog } from '../features/chat/QuickChatDialog';
import { isChatFrameState } from '../features/chat/useChatLauncher';

export function ChatPage() {
  const { t } = useT();
  const { status } = useSession();
  const location = useLocation();
  const arrived = isChatFrameState(location.state) ? location.state.chatUrl : null;
  const [url, setUrl] = useState<string | null>(arrived);
  const hasLink = availableLinks(status).length > 0;
  const [dialogOpen, setDialogOpen] = useState(arrived === null && hasLink);
  // The status may arrive after the page (a first visit has no cached copy): ask once it does.
  const asked = useRef(dialogOpen || arrived !== null);
  useEffect(() => {
    if (hasLink && !asked.current) {
      asked.current = true;
      setDialogOpen(true);
    }
  }, [hasLink]);

  const launch = (next: string, mode: 'frame' | 'window') => {
    if (mode === 'window') window.open(next, '_blank', 'noopener,noreferrer');
    else setUrl(next);
  };

  const reopen = (
    <Button variant="outline" onClick={() => setDialogOpen(true)} disabled={!hasLink}>
      {t('console.pages.chat.configure')}
    </Button>
  );

  return (
    <PageContainer title={t('console.pages.chat.title')} width="full" extra={url !== null ? reopen : undefined}>
      {!hasLink ? (
        <Banner type="warning">{t('console.tokens.noChatLink')}</Banner>
      ) : url !== null ? (
        <EmbedFrame title={t('console.pages.chat.frame')} src={url} />
      ) : (
        <EmptyState title={t('console.pages.chat.emptyTitle')} description={t('console.pages.chat.emptyDescription')} action={reopen} />
      )}
      <QuickChatDialog open={dialogOpen} onOpenChange={setDialogOpen} onLaunch={launch} />
    </PageContainer>
  );
}
