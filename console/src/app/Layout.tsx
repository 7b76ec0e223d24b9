// PLACEHOLDER shell (replaced by the shell work): top navigation and the page outlet.
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Spinner, TopNav, useT } from '@sluice/ui-kit';

export function Layout() {
  const { t } = useT();
  return (
    <>
      <TopNav
        items={[{ key: 'home', label: t('console.shell.nav.home'), href: '/' }]}
        renderLink={(item, content) => <Link to={item.href}>{content}</Link>}
      />
      <main>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
