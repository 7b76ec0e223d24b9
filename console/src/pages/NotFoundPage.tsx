// Any other path (spec screen 7): 'Page does not exist'.
import { useNavigate } from 'react-router';
import { Button, EmptyState, PageContainer } from '@sluice/ui-kit';
import { useT } from '../i18n';

export function NotFoundPage() {
  const { t } = useT();
  const navigate = useNavigate();
  return (
    <PageContainer title={t('console.shell.notFound.title')} width="narrow">
      <EmptyState
        title={t('console.shell.notFound.description')}
        action={
          <Button variant="primary" onClick={() => navigate('/')}>
            {t('console.shell.notFound.back')}
          </Button>
        }
      />
    </PageContainer>
  );
}
