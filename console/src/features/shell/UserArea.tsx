// The right side of the top navigation: login and register when logged out; the user menu
// (settings or personal center, language, logout) when logged in; the language switch for all.
import { useNavigate } from 'react-router';
import {
  Button,
  DropdownMenu,
  GlobeIcon,
  IconButton,
  LogoutIcon,
  SettingsIcon,
  Stack,
  toast,
  UserIcon,
  UserMenu,
  type DropdownMenuEntry,
  type Locale,
} from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';

const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: 'zh-CN', label: '简体中文' },
  { locale: 'en', label: 'English' },
];

function languageEntries(current: Locale, set: (l: Locale) => void): DropdownMenuEntry[] {
  return LANGUAGES.map(({ locale, label }) => ({
    type: 'checkbox' as const,
    key: `lang-${locale}`,
    label,
    checked: current === locale,
    onCheckedChange: () => set(locale),
    // One language is chosen: the menu closes on it.
    closeOnSelect: true,
  }));
}

export function UserArea() {
  const { t } = useT();
  const { user, admin, locale, setLocale, setUser } = useSession();
  const { call } = useApi();
  const navigate = useNavigate();

  if (!user) {
    return (
      <Stack direction="row" gap={2} wrap={false}>
        <DropdownMenu items={languageEntries(locale, setLocale)} align="end">
          <IconButton icon={<GlobeIcon />} aria-label={t('console.shell.nav.language')} />
        </DropdownMenu>
        <Button variant="ghost" onClick={() => navigate('/login')}>
          {t('console.shell.nav.login')}
        </Button>
        <Button variant="primary" onClick={() => navigate('/register')}>
          {t('console.shell.nav.register')}
        </Button>
      </Stack>
    );
  }

  const logout = async () => {
    await call('GET', '/api/user/logout');
    setUser(null);
    toast.success(t('console.shell.logoutSuccess'));
    navigate('/login');
  };

  const items: DropdownMenuEntry[] = [
    {
      key: 'setting',
      label: admin ? t('console.shell.nav.setting') : t('console.shell.nav.personal'),
      icon: admin ? <SettingsIcon /> : <UserIcon />,
      onSelect: () => navigate('/setting'),
    },
    { type: 'separator', key: 'sep-lang' },
    { type: 'label', key: 'lang-label', label: t('console.shell.nav.language') },
    ...languageEntries(locale, setLocale),
    { type: 'separator', key: 'sep-out' },
    { key: 'logout', label: t('console.shell.nav.logout'), icon: <LogoutIcon />, onSelect: () => void logout() },
  ];
  return <UserMenu username={user.display_name || user.username} items={items} />;
}

