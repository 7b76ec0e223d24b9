// Password change (spec §2 screen 9, §5): two entries that must match, at least 8 characters;
// PUT /api/user/self with just the password. A refusal keeps what was typed.
import { useForm } from 'react-hook-form';
import { Banner, Button, Card, FormActions, FormField, FormGrid, Input, Stack, toast, useT } from '@sluice/ui-kit';
import { useApi } from '../../api/useApi';

interface Values {
  password: string;
  confirm: string;
}

export function PasswordCard() {
  const { t } = useT();
  const { request, describe } = useApi();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { password: '', confirm: '' } });

  const onSubmit = async ({ password }: Values) => {
    try {
      await request('PUT', '/api/user/self', { password });
      toast.success(t('console.personal.password.changed'));
      reset();
    } catch (error) {
      setError('root', { message: describe(error) });
    }
  };

  return (
    <Card title={t('console.personal.password.title')} description={t('console.personal.password.description')}>
      <Stack as="form" gap={3} onSubmit={(e) => void handleSubmit(onSubmit)(e)} aria-label={t('console.personal.password.title')}>
        {errors.root?.message ? <Banner type="danger">{errors.root.message}</Banner> : null}
        <FormGrid columns={2}>
          <FormField label={t('console.personal.password.newPassword')} hint={t('console.personal.password.hint')} error={errors.password?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              {...register('password', {
                validate: (v) => v.length >= 8 || t('console.personal.password.tooShort'),
              })}
            />
          </FormField>
          <FormField label={t('console.personal.password.confirm')} error={errors.confirm?.message} required>
            <Input
              type="password"
              autoComplete="new-password"
              {...register('confirm', {
                validate: (v, all) => v === all.password || t('console.personal.password.mismatch'),
              })}
            />
          </FormField>
        </FormGrid>
        <FormActions>
          <Button type="submit" variant="primary" loading={isSubmitting}>
            {t('console.personal.password.submit')}
          </Button>
        </FormActions>
      </Stack>
    </Card>
  );
}
