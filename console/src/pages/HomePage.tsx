// Home (/): the stored home page content, else a default home page that tells a newcomer what
// this is and how to start.
import { useNavigate } from 'react-router';
import { Button, Card, CopyButton, Input, PageContainer, Spinner, Stack } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { useSession } from '../app/session';
import { StoredContent } from '../features/shell/StoredContent';

function DefaultHome() {
  const { t } = useT();
  const { status, user } = useSession();
  const navigate = useNavigate();
  const name = status.system_name || t('console.shell.defaultSystemName');
  const base = (typeof status.server_address === 'string' && status.server_address) || window.location.origin;
  return (
    <PageContainer title={t('console.shell.home.welcome', { name })} description={t('console.shell.home.intro', { name })}>
      <Stack gap={6}>
        <Card title={t('console.shell.home.baseUrl')} description={t('console.shell.home.baseUrlHint')}>
          <Stack direction="row" gap={2} wrap={false}>
            <Input readOnly value={base} aria-label={t('console.shell.home.baseUrl')} />
            <CopyButton text={base} />
          </Stack>
        </Card>
        <Card title={t('console.shell.home.start')}>
          <Stack gap={4}>
            <ol>
              <li>{t('console.shell.home.step1')}</li>
              <li>{t('console.shell.home.step2')}</li>
              <li>{t('console.shell.home.step3')}</li>
            </ol>
            <Stack direction="row" gap={2}>
              <Button variant="primary" onClick={() => navigate(user ? '/token' : '/login')}>
                {user ? t('console.shell.home.tokens') : t('console.shell.home.loginToStart')}
              </Button>
              <Button onClick={() => navigate('/pricing')}>{t('console.shell.home.pricingLink')}</Button>
            </Stack>
          </Stack>
        </Card>
      </Stack>
    </PageContainer>
  );
}

export function HomePage() {
  const { t } = useT();
  const { data, isLoading, error } = useApiData<string>(keys.homePageContent());
  if (isLoading) return <Spinner />;
  if (!error && typeof data === 'string' && data.trim() !== '') {
    return <StoredContent content={data} frameTitle={t('console.shell.home.frameTitle')} />;
  }
  return <DefaultHome />;
}
