// The third-party login buttons of the login screen, each shown only when its status flag is on.
// GitHub and LinuxDO ask the server for a state first, then go to the provider's authorize page.
import { useState } from 'react';
import { Button, Dialog, FormField, Input, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { TelegramLogin } from '../oauth/TelegramLogin';
import { useOAuthStart } from '../oauth/useOAuthStart';
import { useWeChatSignIn } from '../oauth/wechat';

function WeChatLogin({ qrcode }: { qrcode: string }) {
  const { t } = useT();
  const { signIn, busy } = useWeChatSignIn();
  const [code, setCode] = useState('');
  const submit = () => signIn(code);
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
  const { start, pending: busy } = useOAuthStart();

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
      <TelegramLogin key="telegram" botName={String(status.telegram_bot_name ?? '')} label={t('console.auth.login.telegram')} />
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
