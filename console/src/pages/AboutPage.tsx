// About (/about): the stored about text (Markdown, sanitized HTML, or a URL shown as a frame),
// else a short note on where an administrator sets it.
import { EmptyState, PageContainer, Spinner } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useApiData } from '../api/useApi';
import { StoredContent } from '../features/shell/StoredContent';

export function AboutPage() {
  const { t } = useT();
  const { data, isLoading, error } = useApiData<string>(keys.about());
  if (isLoading) return <Spinner />;
  if (!error && typeof data === 'string' && data.trim() !== '') {
    return <StoredContent content={data} title={t('console.shell.about.title')} frameTitle={t('console.shell.about.frameTitle')} />;
  }
  return (
    <PageContainer title={t('console.shell.about.title')} width="narrow">
      <EmptyState title={t('console.shell.about.project')} description={t('console.shell.about.empty')} />
    </PageContainer>
  );
}
