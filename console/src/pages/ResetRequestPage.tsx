// Password reset request (spec screen 3): e-mail, optional human check, a 30-second retry.
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, FormActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useApi } from '../api/useApi';
import { AuthCard } from '../features/auth/AuthCard';
import { useCountdown } from '../features/auth/useCountdown';
import { useHumanCheck } from '../features/auth/useHumanCheck';

export function ResetRequestPage() {
  const { t } = useT();
  const { request, describe } = useApi();
  const human = useHumanCheck();
  const retry = useCountdown();
  const { register, handleSubmit, formState } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    if (!human.ready) {
      toast.info(t('console.auth.turnstile.wait'));
      return;
    }
    try {
      await request('GET', `/api/reset_password?email=${encodeURIComponent(email.trim())}&${human.query}`);
      toast.success(t('console.auth.reset.sent'));
      retry.start(30);
    } catch (error) {
      toast.error(describe(error));
    }
  });

  return (
    <AuthCard title={t('console.auth.reset.title')} footer={<Link to="/login">{t('console.auth.reset.back')}</Link>}>
      <Stack as="form" gap={4} onSubmit={(ev) => void onSubmit(ev)} aria-label={t('console.auth.reset.title')}>
        <FormField label={t('console.auth.email')} error={formState.errors.email?.message} required>
          <Input
            inputMode="email"
            autoComplete="email"
            {...register('email', { validate: (v) => v.trim() !== '' || t('console.auth.reset.emailRequired') })}
          />
        </FormField>
        {human.widget}
        <FormActions>
          <Button type="submit" variant="primary" fullWidth loading={formState.isSubmitting} disabled={retry.left > 0}>
            {retry.left > 0 ? t('console.auth.reset.retryIn', { seconds: retry.left }) : t('console.auth.reset.submit')}
          </Button>
        </FormActions>
      </Stack>
    </AuthCard>
  );
}
