// Password change (spec §2 screen 9, §5): two entries that must match, at least 8 characters;
// PUT /api/user/self with just the password. A refusal keeps what was typed.
import { useForm } from 'react-hook-form';
import { Button, Card, FormActions, FormField, FormGrid, Input, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { ServerForm, useServerSubmit } from '../../components/ServerForm';

interface Values {
  password: string;
  confirm: string;
}

export function PasswordCard() {
  const { t } = useT();
  const { request } = useApi();
  const form = useForm<Values>({ defaultValues: { password: '', confirm: '' } });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = useServerSubmit(form, async ({ password }) => {
    await request('PUT', '/api/user/self', { password } satisfies ApiBody<'/api/user/self', 'put'>);
    toast.success(t('console.personal.password.changed'));
    reset();
  });

  return (
    <Card title={t('console.personal.password.title')} description={t('console.personal.password.description')}>
      <ServerForm form={form} onSubmit={submit} aria-label={t('console.personal.password.title')}>
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
      </ServerForm>
    </Card>
  );
}
