// Login (spec screen 1): username and password, the expiry notice, third-party buttons per
// status flag, the optional human check. Success stores the user and goes to /token.
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Banner, Button, FormActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../i18n';
import type { StoredUser } from '../api/user';
import { useApi } from '../api/useApi';
import { useSession } from '../app/session';
import { AuthCard } from '../features/auth/AuthCard';
import { ThirdPartyLogin } from '../features/auth/ThirdPartyLogin';
import { useHumanCheck } from '../features/auth/useHumanCheck';

interface LoginForm {
  username: string;
  password: string;
}

export function LoginPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const human = useHumanCheck();
  const { register, handleSubmit, formState } = useForm<LoginForm>({ defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (!human.ready) {
      toast.info(t('console.auth.turnstile.wait'));
      return;
    }
    try {
      const { data } = await request<StoredUser>('POST', `/api/user/login?${human.query}`, values);
      sessionStorage.removeItem('default-password-later');
      setUser(data);
      toast.success(t('console.auth.login.success'));
      navigate('/token');
    } catch (error) {
      toast.error(describe(error));
    }
  });

  const empty = t('console.auth.login.empty');
  return (
    <AuthCard
      title={t('console.auth.login.title')}
      footer={
        <Stack gap={1}>
          <span>
            {t('console.auth.login.noAccount')} <Link to="/register">{t('console.auth.login.register')}</Link>
          </span>
          <span>
            {t('console.auth.login.forgot')} <Link to="/reset">{t('console.auth.login.reset')}</Link>
          </span>
        </Stack>
      }
    >
      <Stack gap={4}>
        {params.get('expired') === 'true' ? <Banner type="warning">{t('console.auth.login.expired')}</Banner> : null}
        <Stack as="form" gap={4} onSubmit={(e) => void onSubmit(e)} aria-label={t('console.auth.login.title')}>
          <FormField label={t('console.auth.usernameOrEmail')} error={formState.errors.username?.message} required>
            <Input autoComplete="username" {...register('username', { validate: (v) => v.trim() !== '' || empty })} />
          </FormField>
          <FormField label={t('console.auth.password')} error={formState.errors.password?.message} required>
            <Input type="password" autoComplete="current-password" {...register('password', { validate: (v) => v !== '' || empty })} />
          </FormField>
          {human.widget}
          <FormActions>
            <Button type="submit" variant="primary" fullWidth loading={formState.isSubmitting}>
              {t('console.auth.login.submit')}
            </Button>
          </FormActions>
        </Stack>
        <ThirdPartyLogin />
      </Stack>
    </AuthCard>
  );
}
