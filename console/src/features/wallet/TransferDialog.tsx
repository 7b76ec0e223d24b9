// Move invitation earnings into the balance (spec §2.7, §5): at least the minimum transfer
// (one currency unit of quota) and at most what is pending; refused before sending otherwise.
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormField, NumberInput, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { FormDialog } from '../../components/ServerForm';
import { formatQuota, quotaFromDisplay, type QuotaDisplay } from '../quota/format';

interface Values {
  amount: number | null;
}

interface Props {
  open: boolean;
  pending: number;
  display: QuotaDisplay;
  onClose: () => void;
  onDone: () => void;
}

export function TransferDialog({ open, pending, display, onClose, onDone }: Props) {
  const { t } = useT();
  const { request } = useApi();
  const min = display.quotaPerUnit;
  const form = useForm<Values>();
  const {
    control,
    reset,
    formState: { errors },
  } = form;

  const { inCurrency, quotaPerUnit } = display;
  useEffect(() => {
    // Everything pending, in the display unit.
    if (open) reset({ amount: inCurrency ? pending / quotaPerUnit : pending });
  }, [open, pending, inCurrency, quotaPerUnit, reset]);

  const onSubmit = async (v: Values) => {
    const res = await request('POST', '/api/user/aff_transfer', { quota: quotaFromDisplay(v.amount ?? 0, display) } satisfies ApiBody<'/api/user/aff_transfer', 'post'>);
    toast.success(res.message || t('console.wallet.invite.transferred'));
    onDone();
  };

  return (
    <FormDialog
      title={t('console.wallet.invite.transferTitle')}
      form={form}
      onSubmit={onSubmit}
      open={open}
      onClose={onClose}
      cancelText={t('common.cancel')}
      submitText={t('console.wallet.invite.transfer')}
    >
      <Controller
        control={control}
        name="amount"
        rules={{
          validate: (v) => {
            const q = quotaFromDisplay(v ?? 0, display);
            if (q < min) return t('console.wallet.invite.transferMin', { min: formatQuota(min, display) });
            return q <= pending || t('console.wallet.invite.transferMax', { max: formatQuota(pending, display) });
          },
        }}
        render={({ field }) => (
          <FormField
            label={t('console.wallet.invite.transferAmount', { unit: display.inCurrency ? 'USD' : t('console.wallet.quotaUnit') })}
            hint={t('console.wallet.invite.transferHint', { available: formatQuota(pending, display), min: formatQuota(min, display) })}
            error={errors.amount?.message}
            required
          >
            <NumberInput value={field.value} onValueChange={field.onChange} min={0} step={display.inCurrency ? 1 : min} />
          </FormField>
        )}
      />
    </FormDialog>
  );
}
