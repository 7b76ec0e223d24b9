// Register (spec screen 2): username, password twice, e-mail and code when verification is on
// (30-second resend), the optional human check; ?aff= is kept locally and sent as aff_code.
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, FormActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useApi } from '../api/useApi';
import { useSession } from '../app/session';
import { rememberAff, storedAff } from '../features/auth/affCode';
import { AuthCard } from '../features/auth/AuthCard';
import { useCountdown } from '../features/auth/useCountdown';
import { useHumanCheck } from '../features/auth/useHumanCheck';

interface RegisterForm {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
}

export function RegisterPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status } = useSession();
  const { request, describe } = useApi();
  const human = useHumanCheck();
  const resend = useCountdown();
  const verify = status.email_verification === true;
  const { register, handleSubmit, formState, getValues, trigger } = useForm<RegisterForm>({
    defaultValues: { username: '', password: '', password2: '', email: '', verification_code: '' },
  });

  useEffect(() => rememberAff(params), [params]);

  const sendCode = async () => {
    if (!(await trigger('email'))) return;
    if (!human.ready) {
      toast.info(t('console.auth.turnstile.wait'));
      return;
    }
    try {
      await request('GET', `/api/verification?email=${encodeURIComponent(getValues('email').trim())}&${human.query}`);
      toast.success(t('console.auth.codeSent'));
      resend.start(30);
    } catch (error) {
      toast.error(describe(error));
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!human.ready) {
      toast.info(t('console.auth.turnstile.wait'));
      return;
    }
    const body: Record<string, string> = { username: values.username.trim(), password: values.password, password2: values.password2 };
    if (verify) {
      body.email = values.email.trim();
      body.verification_code = values.verification_code.trim();
    }
    const aff = storedAff();
    if (aff) body.aff_code = aff;
    try {
      await request('POST', `/api/user/register?${human.query}`, body);
      toast.success(t('console.auth.register.success'));
      navigate('/login');
    } catch (error) {
      toast.error(describe(error));
    }
  });

  const e = formState.errors;
  return (
    <AuthCard
      title={t('console.auth.register.title')}
      footer={
        <span>
          {t('console.auth.register.haveAccount')} <Link to="/login">{t('console.auth.register.login')}</Link>
        </span>
      }
    >
      <Stack as="form" gap={4} onSubmit={(ev) => void onSubmit(ev)} aria-label={t('console.auth.register.title')}>
        <FormField label={t('console.auth.username')} error={e.username?.message} required>
          <Input
            autoComplete="username"
            {...register('username', { validate: (v) => v.trim() !== '' || t('console.auth.register.required') })}
          />
        </FormField>
        <FormField label={t('console.auth.password')} hint={t('console.auth.passwordHint')} error={e.password?.message} required>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('password', {
              validate: (v) =>
                v === ''
                  ? t('console.auth.register.required')
                  : v.length < 8
                    ? t('console.auth.register.short')
                    : v.length > 20
                      ? t('console.auth.register.long')
                      : true,
            })}
          />
        </FormField>
        <FormField label={t('console.auth.password2')} error={e.password2?.message} required>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('password2', { validate: (v) => v === getValues('password') || t('console.auth.register.mismatch') })}
          />
        </FormField>
        {verify ? (
          <>
            <FormField label={t('console.auth.email')} error={e.email?.message} required>
              <Input
                inputMode="email"
                autoComplete="email"
                {...register('email', { validate: (v) => v.trim() !== '' || t('console.auth.register.emailRequired') })}
              />
            </FormField>
            <FormField label={t('console.auth.code')} error={e.verification_code?.message} required>
              <Input
                autoComplete="one-time-code"
                suffix={
                  <Button size="sm" variant="ghost" disabled={resend.left > 0} onClick={() => void sendCode()}>
                    {resend.left > 0 ? t('console.auth.resendIn', { seconds: resend.left }) : t('console.auth.sendCode')}
                  </Button>
                }
                {...register('verification_code', { validate: (v) => v.trim() !== '' || t('console.auth.register.codeRequired') })}
              />
            </FormField>
          </>
        ) : null}
        {human.widget}
        <FormActions>
          <Button type="submit" variant="primary" fullWidth loading={formState.isSubmitting}>
            {t('console.auth.register.submit')}
          </Button>
        </FormActions>
      </Stack>
    </AuthCard>
  );
}
