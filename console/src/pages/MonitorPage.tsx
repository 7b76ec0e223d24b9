// Service monitor (spec §2.14): the configured monitoring page in a full-page frame, or one of
// the three messages asking the user to contact the admin.
import { Banner, EmbedFrame, PageContainer } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { monitorState } from '../features/chat/monitor';

export function MonitorPage() {
  const { t } = useT();
  const { status } = useSession();
  const state = monitorState(status);
  return (
    <PageContainer title={t('console.pages.monitor.title')} width="full">
      {state.kind === 'ready' ? (
        <EmbedFrame title={t('console.pages.monitor.frame')} src={state.url} />
      ) : (
        <Banner type="warning">{t(`console.pages.monitor.${state.kind}`)}</Banner>
      )}
    </PageContainer>
  );
}
