// Add (POST /api/redemption/ {name, quota, count}: the answer is the new codes) and edit
// (PUT /api/redemption/ {id, name, quota}, unused codes only) of redemption codes (spec §2.6, §5).
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button, FormField, FormGrid, Input, NumberInput, Stack, toast, type ApiBody, type ApiData } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { FormDialog } from '../../components/ServerForm';
import { formatQuota, quotaFromDisplay, type QuotaDisplay } from '../quota/format';
import { QUOTA_PRESET_DOLLARS, type Redemption } from './types';

export type RedemptionFormTarget = { mode: 'add' } | { mode: 'edit'; code: Redemption };

interface Values {
  name: string;
  /** In the display unit (dollars, or raw quota when currency display is off). */
  amount: number | null;
  count: number | null;
}

const DEFAULT_QUOTA = 100000;
const NAME_MAX = 20;
const COUNT_MAX = 100;

interface Props {
  target: RedemptionFormTarget | null;
  display: QuotaDisplay;
  onClose: () => void;
  /** Edit: the saved code; add: the generated codes (shown once). */
  onSaved: (result: { edited: Redemption } | { created: string[] }) => void;
}

function toDisplay(quota: number, display: QuotaDisplay): number {
  return display.inCurrency ? quota / display.quotaPerUnit : quota;
}

export function RedemptionFormDialog({ target, display, onClose, onSaved }: Props) {
  const { t } = useT();
  const { request } = useApi();
  const editing = target?.mode === 'edit' ? target.code : null;
  const form = useForm<Values>();
  const {
    register,
    control,
    reset,
    setValue,
    watch,
    formState: { errors },
  } = form;

  // Only a new target resets the form (the display object is rebuilt on every parent render).
  const { inCurrency, quotaPerUnit } = display;
  useEffect(() => {
    reset({ name: editing?.name ?? '', amount: toDisplay(editing?.quota ?? DEFAULT_QUOTA, { inCurrency, quotaPerUnit }), count: 1 });
  }, [target, editing, inCurrency, quotaPerUnit, reset]);

  if (!target) return null;

  const onSubmit = async (v: Values) => {
    const quota = quotaFromDisplay(v.amount ?? 0, display);
    if (editing) {
      const body = { id: editing.id, name: v.name.trim(), quota } satisfies ApiBody<'/api/redemption', 'put'>;
      const res = await request<ApiData<'/api/redemption', 'put'>>('PUT', '/api/redemption/', body);
      toast.success(t('console.redemptions.form.updated'));
      onSaved({ edited: res.data });
    } else {
      const body = { name: v.name.trim(), quota, count: Math.trunc(v.count ?? 1) } satisfies ApiBody<'/api/redemption', 'post'>;
      const res = await request<ApiData<'/api/redemption', 'post'>>('POST', '/api/redemption/', body);
      toast.success(t('console.redemptions.form.created', { count: res.data.length }));
      onSaved({ created: res.data });
    }
  };

  const amount = watch('amount');
  const unit = display.inCurrency ? 'USD' : t('console.redemptions.form.quotaUnit');

  return (
    <FormDialog
      title={editing ? t('console.redemptions.form.editTitle') : t('console.redemptions.form.addTitle')}
      form={form}
      onSubmit={onSubmit}
      open
      onClose={onClose}
      cancelText={t('common.cancel')}
      submitText={t('common.save')}
    >
      <FormGrid columns={1}>
        <FormField label={t('console.redemptions.form.name')} error={errors.name?.message} required>
          <Input
            autoComplete="off"
            placeholder={t('console.redemptions.form.namePlaceholder')}
            {...register('name', {
              validate: (v) => {
                const name = v.trim();
                if (name === '') return t('console.redemptions.form.nameRequired');
                return [...name].length <= NAME_MAX || t('console.redemptions.form.nameLength');
              },
            })}
          />
        </FormField>
        <Controller
          control={control}
          name="amount"
          rules={{ validate: (v) => (v !== null && quotaFromDisplay(v, display) >= 1) || t('console.redemptions.form.quotaInvalid') }}
          render={({ field }) => (
            <FormField
              label={t('console.redemptions.form.quota', { unit })}
              hint={t('console.redemptions.form.quotaHint', { quota: formatQuota(quotaFromDisplay(amount ?? 0, display), { ...display, inCurrency: false }) })}
              error={errors.amount?.message}
              required
            >
              <NumberInput value={field.value} onValueChange={field.onChange} min={0} step={display.inCurrency ? 1 : 100000} />
            </FormField>
          )}
        />
        {display.inCurrency && (
          <Stack direction="row" gap={2} role="group" aria-label={t('console.redemptions.form.presets')}>
            {QUOTA_PRESET_DOLLARS.map((d) => (
              <Button key={d} size="sm" variant={amount === d ? 'primary' : 'outline'} onClick={() => setValue('amount', d, { shouldValidate: true })}>
                {`$${d}`}
              </Button>
            ))}
          </Stack>
        )}
        {!editing && (
          <Controller
            control={control}
            name="count"
            rules={{
              validate: (v) => (v !== null && Number.isInteger(v) && v >= 1 && v <= COUNT_MAX) || t('console.redemptions.form.countInvalid'),
            }}
            render={({ field }) => (
              <FormField label={t('console.redemptions.form.count')} hint={t('console.redemptions.form.countHint')} error={errors.count?.message} required>
                <NumberInput value={field.value} onValueChange={field.onChange} min={1} max={COUNT_MAX} step={1} precision={0} />
              </FormField>
            )}
          />
        )}
      </FormGrid>
    </FormDialog>
  );
}
