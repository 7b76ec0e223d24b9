// Redeem a code (spec §2.7, §4, §5): empty is refused before sending; on success the field is
// cleared and the balance rises by the quota the server returns. A get-code link when the
// super admin set a top-up link.
import { useForm } from 'react-hook-form';
import { Button, FormField, Input, Stack, toast, type ApiBody, type ApiData } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { ServerForm, useServerSubmit } from '../../components/ServerForm';
import { formatQuota, type QuotaDisplay } from '../quota/format';

interface Values {
  key: string;
}

interface Props {
  display: QuotaDisplay;
  topUpLink: string;
  /** The quota just added. */
  onRedeemed: (quota: number) => void;
}

export function RedeemForm({ display, topUpLink, onRedeemed }: Props) {
  const { t } = useT();
  const { request } = useApi();
  const form = useForm<Values>({ defaultValues: { key: '' } });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = useServerSubmit(form, async (v) => {
    const res = await request<ApiData<'/api/user/topup', 'post'>>('POST', '/api/user/topup', { key: v.key.trim() } satisfies ApiBody<'/api/user/topup', 'post'>);
    toast.success(t('console.wallet.redeem.success', { quota: formatQuota(res.data, display) }));
    reset({ key: '' });
    onRedeemed(res.data);
  });

  return (
    <ServerForm form={form} onSubmit={submit} aria-label={t('console.wallet.redeem.title')}>
      <FormField label={t('console.wallet.redeem.code')} error={errors.key?.message}>
        <Input
          autoComplete="off"
          placeholder={t('console.wallet.redeem.placeholder')}
          {...register('key', { validate: (v) => v.trim() !== '' || t('console.wallet.redeem.required') })}
        />
      </FormField>
      <Stack direction="row" gap={2}>
        <Button type="submit" variant="primary" loading={isSubmitting}>
          {t('console.wallet.redeem.submit')}
        </Button>
        {topUpLink !== '' && (
          <Button variant="outline" onClick={() => window.open(topUpLink, '_blank', 'noopener,noreferrer')}>
            {t('console.wallet.redeem.getCode')}
          </Button>
        )}
      </Stack>
    </ServerForm>
  );
}
