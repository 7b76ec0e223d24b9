// The "maxapi" tab (spec §2 screen 8): project information, the changelog (2.0.1, 2.0.0) and the
// running version as the locally stored status object reports it.
import { Card, Stack, Tag } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';

const RELEASES = ['v201', 'v200'] as const;
const ITEMS = ['item1', 'item2', 'item3'] as const;

export function AboutProjectTab() {
  const { t } = useT();
  const { status } = useSession();
  const version = typeof status.version === 'string' && status.version !== '' ? status.version : t('console.personal.about.unknownVersion');
  return (
    <Stack gap={4}>
      <Card
        title={t('console.personal.about.name')}
        extra={
          <Tag color="primary" variant="solid" data-testid="project-version">
            {t('console.personal.about.version')}: {version}
          </Tag>
        }
      >
        <Stack gap={2}>
          <span>{t('console.personal.about.intro')}</span>
          <span>{t('console.personal.about.compat')}</span>
        </Stack>
      </Card>
      <Card title={t('console.personal.about.changelog')}>
        <Stack gap={4}>
          {RELEASES.map((release) => (
            <section key={release} aria-labelledby={`release-${release}`}>
              <h3 id={`release-${release}`}>{t(`console.personal.about.${release}.title`)}</h3>
              <ul>
                {ITEMS.map((item) => (
                  <li key={item}>{t(`console.personal.about.${release}.${item}`)}</li>
                ))}
              </ul>
            </section>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
