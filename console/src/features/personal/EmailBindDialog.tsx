// E-mail binding (spec §2 screen 9, §5): the code is mailed by GET /api/verification (30-second
// resend), then POST /api/oauth/email/bind {email, code}. Empty fields are refused before sending.
import { useEffect, useState } from 'react';
import { Banner, Button, Dialog, DialogActions, FormField, Input, Stack, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { useHumanCheck } from '../auth/useHumanCheck';
import { useCountdown } from './useCountdown';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

export function EmailBindDialog({ open, onOpenChange, onDone }: Props) {
  const { t } = useT();
  const { request, describe } = useApi();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [binding, setBinding] = useState(false);
  const cooldown = useCountdown(30);
  // The code request is human-checked like the sign-in screens when Turnstile is on.
  const human = useHumanCheck();

  useEffect(() => {
    if (open) {
      setErrors({});
      setServerError(null);
    }
  }, [open]);

  const sendCode = async () => {
    if (email.trim() === '') {
      setErrors({ email: t('console.personal.bind.emailRequired') });
      return;
    }
    if (!human.ready) {
      setErrors({ email: t('console.auth.turnstile.wait') });
      return;
    }
    setErrors({});
    setServerError(null);
    setSending(true);
    try {
      await request('GET', `/api/verification?email=${encodeURIComponent(email.trim())}&${human.query}`);
      toast.success(t('console.personal.bind.codeSent'));
      cooldown.start();
    } catch (e) {
      setServerError(describe(e));
    } finally {
      setSending(false);
    }
  };

  const bind = async () => {
    const next: { email?: string; code?: string } = {};
    if (email.trim() === '') next.email = t('console.personal.bind.emailRequired');
    else if (code.trim() === '') next.code = t('console.personal.bind.codeRequired');
    setErrors(next);
    if (next.email || next.code) return;
    setServerError(null);
    setBinding(true);
    try {
      await request('POST', '/api/oauth/email/bind', { email: email.trim(), code: code.trim() } satisfies ApiBody<'/api/oauth/email/bind', 'post'>);
      toast.success(t('console.personal.bind.emailBound'));
      setCode('');
      onDone();
    } catch (e) {
      setServerError(describe(e));
    } finally {
      setBinding(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.personal.bind.emailTitle')}
      footer={
        <DialogActions
          cancelText={t('console.personal.bind.cancel')}
          confirmText={t('console.personal.bind.submit')}
          loading={binding}
          onConfirm={() => void bind()}
        />
      }
    >
      <Stack gap={3}>
        {serverError ? <Banner type="danger">{serverError}</Banner> : null}
        <FormField label={t('console.personal.bind.emailInput')} error={errors.email}>
          <Input type="email" autoComplete="email" value={email} placeholder={t('console.personal.bind.emailPlaceholder')} onValueChange={setEmail} />
        </FormField>
        <Stack direction="row" gap={2} align="end" wrap={false}>
          <FormField label={t('console.personal.bind.code')} error={errors.code}>
            <Input value={code} autoComplete="one-time-code" placeholder={t('console.personal.bind.codePlaceholder')} onValueChange={setCode} />
          </FormField>
          <Button variant="outline" loading={sending} disabled={cooldown.left > 0} onClick={() => void sendCode()}>
            {cooldown.left > 0 ? t('console.personal.bind.resend', { seconds: cooldown.left }) : t('console.personal.bind.sendCode')}
          </Button>
        </Stack>
        {human.widget}
      </Stack>
    </Dialog>
  );
}
