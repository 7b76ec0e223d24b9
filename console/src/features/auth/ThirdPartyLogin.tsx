// The third-party login buttons of the login screen, each shown only when its status flag is on.
// GitHub and LinuxDO ask the server for a state first, then go to the provider's authorize page.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, FormField, Input, Stack, toast, useT } from '@sluice/ui-kit';
import type { StoredUser } from '../../api/user';
import { useApi } from '../../api/useApi';
import { useSession } from '../../app/session';

export function authorizeUrl(provider: 'github' | 'linuxdo', clientId: string, state: string): string {
  const q = new URLSearchParams({ client_id: clientId, state });
  if (provider === 'github') {
    q.set('scope', 'user:email');
    return `https://github.com/login/oauth/authorize?${q.toString()}`;
  }
  q.set('response_type', 'code');
  return `https://connect.linux.do/oauth2/authorize?${q.toString()}`;
}

function WeChatLogin({ qrcode }: { qrcode: string }) {
  const { t } = useT();
  const { request, describe } = useApi();
  const { setUser } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const { data } = await request<StoredUser>('GET', `/api/oauth/wechat?code=${encodeURIComponent(code)}`);
      setUser(data);
      toast.success(t('console.auth.login.success'));
      navigate('/token');
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={t('console.auth.login.wechatTitle')}
      size="sm"
      trigger={<Button fullWidth>{t('console.auth.login.wechat')}</Button>}
      footer={
        <Button variant="primary" loading={busy} disabled={code === ''} onClick={() => void submit()}>
          {t('console.auth.login.wechatSubmit')}
        </Button>
      }
    >
      <Stack gap={3} align="center">
        {qrcode ? <img src={qrcode} alt={t('console.auth.login.wechatTitle')} width={160} height={160} /> : null}
        <p>{t('console.auth.login.wechatHint')}</p>
        <FormField label={t('console.auth.login.wechatCode')}>
          <Input value={code} onValueChange={setCode} autoComplete="one-time-code" />
        </FormField>
      </Stack>
    </Dialog>
  );
}

export function ThirdPartyLogin() {
  const { t } = useT();
  const { status } = useSession();
  const { request } = useApi();
  const [busy, setBusy] = useState<'github' | 'linuxdo' | null>(null);

  const start = async (provider: 'github' | 'linuxdo') => {
    const clientId = String((provider === 'github' ? status.github_client_id : status.linuxdo_client_id) ?? '');
    setBusy(provider);
    try {
      const { data } = await request<string>('GET', '/api/oauth/state');
      window.location.href = authorizeUrl(provider, clientId, String(data));
    } catch {
      toast.error(t('console.auth.login.oauthFailed'));
      setBusy(null);
    }
  };

  const buttons = [
    status.github_oauth === true && (
      <Button key="github" fullWidth loading={busy === 'github'} onClick={() => void start('github')}>
        {t('console.auth.login.github')}
      </Button>
    ),
    status.linuxdo_oauth === true && (
      <Button key="linuxdo" fullWidth loading={busy === 'linuxdo'} onClick={() => void start('linuxdo')}>
        {t('console.auth.login.linuxdo')}
      </Button>
    ),
    status.wechat_login === true && <WeChatLogin key="wechat" qrcode={String(status.wechat_qrcode ?? '')} />,
    status.telegram_oauth === true && (
      <Button
        key="telegram"
        fullWidth
        onClick={() => toast.info(t('console.auth.login.telegramHint', { bot: String(status.telegram_bot_name ?? '') }))}
      >
        {t('console.auth.login.telegram')}
      </Button>
    ),
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <Stack gap={2} aria-label={t('console.auth.login.or')} role="group">
      <span>{t('console.auth.login.or')}</span>
      {buttons}
    </Stack>
  );
}
