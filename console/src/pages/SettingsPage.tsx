// /setting (spec §2 screen 8): the active tab lives in ?tab= (default personal). Regular users
// get the personal tab alone, without a tab strip; admins get every tab.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer, Spinner, Tabs, TabsContent, TabsList, TabsTrigger } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useSession } from '../app/session';
import { isSettingsTab, SETTINGS_TABS, TAB_COMPONENTS, type SettingsTab } from '../features/settings/tabs';

export function SettingsPage() {
  const { t } = useT();
  const { admin } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const fromUrl: SettingsTab = admin && isSettingsTab(requested) ? requested : 'personal';
  // The strip follows a click at once. The address changes in a router transition, which waits while
  // a tab's chunk loads; a strip bound to the address alone would still show the old tab then, and a
  // quick click back on it would be ignored (Radix reports no change) while the pending tab opened.
  const [active, setActive] = useState<SettingsTab>(fromUrl);
  useEffect(() => setActive(fromUrl), [fromUrl]);
  const Active = TAB_COMPONENTS[active];
  const strip = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls sideways: keep the active tab in sight (e.g. opened by ?tab=).
  useEffect(() => {
    strip.current?.querySelector('[role="tab"][data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const content = (
    <Suspense fallback={<Spinner />}>
      <Active />
    </Suspense>
  );

  if (!admin) {
    return <PageContainer title={t('console.personal.settings.tabs.personal')}>{content}</PageContainer>;
  }
  return (
    <PageContainer title={t('console.personal.settings.title')}>
      <Tabs
        value={active}
        onValueChange={(next) => {
          if (!isSettingsTab(next)) return;
          setActive(next);
          setParams({ tab: next });
        }}
      >
        <TabsList ref={strip} aria-label={t('console.personal.settings.tabsLabel')}>
          {SETTINGS_TABS.map((key) => (
            <TabsTrigger key={key} value={key}>
              {t(`console.personal.settings.tabs.${key}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={active}>{content}</TabsContent>
      </Tabs>
    </PageContainer>
  );
}
