// Password reset confirmation (spec screen 4): the link's e-mail (read-only) and token; the new
// password the server returns is shown and copied (3-second notices); a 30-second cooldown.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Banner, Button, CopyButton, FormActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useApi } from '../api/useApi';
import { AuthCard } from '../features/auth/AuthCard';
import { useCountdown } from '../features/auth/useCountdown';

const NOTICE_MS = 3000;

export function ResetConfirmPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const { request, describe } = useApi();
  const cooldown = useCountdown();
  const email = params.get('email') ?? '';
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = email !== '' && token !== '';

  const reset = async () => {
    setBusy(true);
    try {
      const { data } = await request<string>('POST', '/api/user/reset', { email, token });
      const next = String(data);
      setPassword(next);
      cooldown.start(30);
      try {
        await navigator.clipboard.writeText(next);
        toast.success(t('console.auth.resetConfirm.copied'), { duration: NOTICE_MS });
      } catch {
        toast.error(t('console.auth.resetConfirm.copyFailed'), { duration: NOTICE_MS });
      }
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('console.auth.resetConfirm.title')} footer={<Link to="/login">{t('console.auth.resetConfirm.toLogin')}</Link>}>
      <Stack gap={4}>
        {!valid ? <Banner type="danger">{t('console.auth.resetConfirm.invalidLink')}</Banner> : null}
        <FormField label={t('console.auth.email')}>
          <Input value={email} readOnly />
        </FormField>
        {password !== '' ? (
          <Stack gap={2}>
            <Banner type="success">{t('console.auth.resetConfirm.done')}</Banner>
            <FormField label={t('console.auth.resetConfirm.newPassword')}>
              <Input value={password} readOnly suffix={<CopyButton text={password} appearance="icon" size="sm" />} />
            </FormField>
          </Stack>
        ) : null}
        <FormActions>
          <Button variant="primary" fullWidth loading={busy} disabled={!valid || cooldown.left > 0} onClick={() => void reset()}>
            {cooldown.left > 0 ? t('console.auth.resetConfirm.cooldown', { seconds: cooldown.left }) : t('console.auth.resetConfirm.submit')}
          </Button>
        </FormActions>
      </Stack>
    </AuthCard>
  );
}
