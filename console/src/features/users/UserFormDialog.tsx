// Add (POST /api/user/: username, display name, password) and edit (PUT /api/user/ with the id;
// group and quota too) dialogs. Bound third-party ids and the e-mail are shown read-only.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField, FormGrid, Input, NumberInput, Select, toast, type ApiBody, type ApiData } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { FormDialog } from '../../components/ServerForm';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import type { AdminUser } from './types';

export type UserFormTarget = { mode: 'add' } | { mode: 'edit'; user: AdminUser };

interface Values {
  username: string;
  display_name: string;
  password: string;
  group: string;
  quota: number | null;
}

interface Props {
  target: UserFormTarget | null;
  display: QuotaDisplay;
  onClose: () => void;
  /** The saved user (edit) or null (add: the list reloads). */
  onSaved: (user: AdminUser | null) => void;
}

const BOUND = ['email', 'github_id', 'linuxdo_id', 'wechat_id', 'telegram_id'] as const;
const BOUND_LABEL = { email: 'email', github_id: 'github', linuxdo_id: 'linuxdo', wechat_id: 'wechat', telegram_id: 'telegram' } as const;

export function UserFormDialog({ target, display, onClose, onSaved }: Props) {
  const { t } = useT();
  const { request } = useApi();
  const editing = target?.mode === 'edit' ? target.user : null;
  const { data: groups } = useApiData<string[]>(editing ? keys.groups() : null);
  const form = useForm<Values>();
  const {
    register,
    control,
    reset,
    watch,
    formState: { errors },
  } = form;

  useEffect(() => {
    reset({
      username: editing?.username ?? '',
      display_name: editing?.display_name ?? '',
      password: '',
      group: editing?.group ?? 'default',
      quota: editing?.quota ?? 0,
    });
  }, [target, editing, reset]);

  if (!target) return null;

  const onSubmit = async (v: Values) => {
    if (editing) {
      const body: ApiBody<'/api/user', 'put'> = { id: editing.id, username: v.username.trim(), display_name: v.display_name, group: v.group, quota: v.quota ?? 0 };
      if (v.password !== '') body.password = v.password;
      const res = await request<ApiData<'/api/user', 'put'>>('PUT', '/api/user/', body);
      toast.success(t('console.users.form.updated'));
      onSaved(res.data);
    } else {
      const body = { username: v.username.trim(), display_name: v.display_name, password: v.password } satisfies ApiBody<'/api/user', 'post'>;
      await request('POST', '/api/user/', body);
      toast.success(t('console.users.form.created'));
      onSaved(null);
    }
  };

  const quota = watch('quota');
  const groupOptions = [...new Set([...(groups ?? []), editing?.group ?? 'default'])].map((g) => ({ value: g, label: g }));

  return (
    <FormDialog
      title={editing ? t('console.users.form.editTitle') : t('console.users.form.addTitle')}
      form={form}
      onSubmit={onSubmit}
      open
      onClose={onClose}
      size={editing ? 'lg' : 'md'}
      cancelText={t('console.users.form.cancel')}
      submitText={t('console.users.form.save')}
    >
      <FormGrid columns={editing ? 2 : 1}>
        <FormField label={t('console.users.form.username')} error={errors.username?.message} required>
          <Input
            autoComplete="off"
            placeholder={t('console.users.form.usernamePlaceholder')}
            {...register('username', { validate: (v) => v.trim() !== '' || t('console.users.form.usernameRequired') })}
          />
        </FormField>
        <FormField label={t('console.users.form.displayName')}>
          <Input autoComplete="off" placeholder={t('console.users.form.displayNamePlaceholder')} {...register('display_name')} />
        </FormField>
        <FormField
          label={t('console.users.form.password')}
          hint={editing ? t('console.users.form.passwordEditHint') : t('console.users.form.passwordHint')}
          error={errors.password?.message}
          required={!editing}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={t('console.users.form.passwordPlaceholder')}
            {...register('password', {
              validate: (v) => {
                if (v === '') return editing ? true : t('console.users.form.passwordRequired');
                return v.length >= 8 || t('console.users.form.passwordShort');
              },
            })}
          />
        </FormField>
        {editing ? (
          <>
            <FormField label={t('console.users.form.group')}>
              <Controller
                control={control}
                name="group"
                render={({ field }) => (
                  <Select
                    aria-label={t('console.users.form.group')}
                    options={groupOptions}
                    value={field.value}
                    onValueChange={(v) => field.onChange(v ?? 'default')}
                  />
                )}
              />
            </FormField>
            <FormField
              htmlFor="user-form-quota"
              label={t('console.users.form.quota')}
              hint={t('console.users.form.quotaHint', { amount: formatQuota(quota ?? 0, display) })}
              error={errors.quota?.message}
            >
              <Controller
                control={control}
                name="quota"
                rules={{ validate: (v) => (v !== null && Number.isInteger(v) && v >= 0) || t('console.users.form.quotaInvalid') }}
                render={({ field }) => <NumberInput id="user-form-quota" value={field.value} onValueChange={field.onChange} min={0} step={1} precision={0} />}
              />
            </FormField>
            {BOUND.map((key) => (
              <FormField key={key} label={t(`console.users.form.${BOUND_LABEL[key]}`)} hint={t('console.users.form.readOnly')}>
                <Input readOnly value={editing[key] || ''} placeholder={t('console.users.form.none')} />
              </FormField>
            ))}
          </>
        ) : null}
      </FormGrid>
    </FormDialog>
  );
}
