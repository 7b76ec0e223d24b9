// The shell (operations-and-usage §2.2): top navigation, the page outlet, the footer, the
// floating buttons, the New Year snow, and the default-password warning for root.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { AppBrand, AppShell, Snow, Spinner, toast, TopNav } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { ShellFooter } from '../features/shell/ShellFooter';
import { UserArea } from '../features/shell/UserArea';
import { activeKeyOf, buildNav } from './nav';
import { useSession } from './session';

// Loaded after the page itself: the floating buttons (calendar, notices) and root's warning.
const ShellFloating = lazy(async () => ({ default: (await import('../features/shell/ShellFloating')).ShellFloating }));
const DefaultPasswordDialog = lazy(async () => ({ default: (await import('../features/auth/DefaultPasswordDialog')).DefaultPasswordDialog }));

const SNOW_MS = 3_000;
const RELOAD_MS = 10_000;

export function Layout() {
  const { t } = useT();
  const { admin, status, user } = useSession();
  const location = useLocation();
  const [snowing, setSnowing] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const celebrate = useCallback(() => {
    setSnowing(true);
    toast.success(t('console.shell.newYear.greeting'));
    timers.current.push(
      setTimeout(() => setSnowing(false), SNOW_MS),
      setTimeout(() => window.location.reload(), RELOAD_MS),
    );
  }, [t]);

  const items = useMemo(() => buildNav({ admin, status, t, onNewYear: celebrate }), [admin, status, t, celebrate]);
  const name = status.system_name || t('console.shell.defaultSystemName');

  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <AppShell
      mainId="main"
      header={
        <TopNav
          brand={
            <Link to="/" aria-label={name}>
              <AppBrand logo={status.logo || '/logo.png'} name={name} />
            </Link>
          }
          items={items}
          activeKey={activeKeyOf(location.pathname)}
          renderLink={(item, content) => <Link to={item.href}>{content}</Link>}
          end={<UserArea />}
        />
      }
      footer={<ShellFooter />}
      overlay={
        <>
          <Suspense fallback={null}>
            <ShellFloating />
            {user?.default_password === true ? <DefaultPasswordDialog /> : null}
          </Suspense>
          <Snow active={snowing} />
        </>
      }
    >
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}
