// The wallet's online top-up (spec operations §2.7, §5 "Top-up", §7 "Wallet"): the balance, an
// amount (at least MinTopUp, whole units) with the payable money priced by the server, a button
// per payment method (zfb: Alipay, wx: WeChat Pay), a confirm dialog, then POST /api/user/pay and
// the signed form POSTed to the gateway; the gateway returns the browser to this page.
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Banner, Button, Card, Dialog, DialogClose, FormActions, FormField, FormGrid, Input, NumberInput, SluiceApiError, Stack, StatCard, useT } from '@sluice/ui-kit';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { useSession } from '../../app/session';
import { formatQuota, quotaDisplayOf } from '../quota/format';
import { METHOD_LABELS } from './format';
import { submitPayForm } from './submitPayForm';
import type { PayForm, PayMethod } from './types';
import { usePayable } from './usePayable';

interface Values {
  amount: number | null;
}

export function OnlineTopUpCard({ showBalance = true }: { showBalance?: boolean }) {
  const { t } = useT();
  const { status } = useSession();
  const { request, describe } = useApi();
  const self = useApiData<{ quota: number }>(keys.self());
  const enabled = status.enable_online_topup === true;
  const min = typeof status.min_topup === 'number' && status.min_topup > 0 ? status.min_topup : 1;
  const {
    control,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { amount: min } });
  const amount = useWatch({ control, name: 'amount' });
  const valid = amount !== null && Number.isInteger(amount) && amount >= min;
  const payable = usePayable(valid ? amount : null, enabled);
  const [method, setMethod] = useState<PayMethod | null>(null);
  const [paying, setPaying] = useState(false);

  const choose = (m: PayMethod) =>
    void handleSubmit(() => {
      clearErrors('root');
      setMethod(m);
    })();

  const pay = async () => {
    if (!method || amount === null) return;
    setPaying(true);
    try {
      const res = await request<PayForm['data']>('POST', '/api/user/pay', { amount, payment_method: method });
      const url = res.body.url;
      if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) throw new Error('no payment address');
      submitPayForm(url, res.data);
    } catch (error) {
      setMethod(null);
      setPaying(false);
      setError('root', { message: error instanceof SluiceApiError ? describe(error) : t('console.payments.topup.payFailed') });
    }
  };

  return (
    <Card title={t('console.payments.topup.title')} description={t('console.payments.topup.description')}>
      <Stack gap={4}>
        {showBalance ? (
          <StatCard
            label={t('console.payments.topup.balance')}
            value={self.data ? formatQuota(self.data.quota, quotaDisplayOf(status)) : '-'}
            loading={self.isLoading}
            data-testid="topup-balance"
          />
        ) : null}
        {!enabled ? (
          <Banner type="warning">{t('console.payments.topup.disabled')}</Banner>
        ) : (
          <Stack as="form" gap={3} aria-label={t('console.payments.topup.title')} onSubmit={(e) => e.preventDefault()}>
            {errors.root?.message ? <Banner type="danger">{errors.root.message}</Banner> : null}
            <FormGrid columns={2}>
              <Controller
                control={control}
                name="amount"
                rules={{
                  validate: (v) =>
                    v === null || v < min ? t('console.payments.topup.belowMin', { min }) : Number.isInteger(v) || t('console.payments.topup.wholeNumber'),
                }}
                render={({ field }) => (
                  <FormField label={t('console.payments.topup.amount')} hint={t('console.payments.topup.amountHint', { min })} error={errors.amount?.message} required>
                    <NumberInput value={field.value} onValueChange={field.onChange} onBlur={field.onBlur} min={min} precision={0} />
                  </FormField>
                )}
              />
              <FormField label={t('console.payments.topup.payable')} error={payable.error ?? undefined}>
                <Input
                  readOnly
                  data-testid="topup-payable"
                  value={payable.loading ? t('console.payments.topup.calculating') : payable.money !== null ? t('console.payments.topup.payableValue', { money: payable.money }) : '-'}
                />
              </FormField>
            </FormGrid>
            <FormActions>
              <Button type="button" variant="primary" onClick={() => choose('zfb')}>
                {t('console.payments.topup.alipay')}
              </Button>
              <Button type="button" variant="primary" onClick={() => choose('wx')}>
                {t('console.payments.topup.wxpay')}
              </Button>
            </FormActions>
          </Stack>
        )}
      </Stack>
      <Dialog
        open={method !== null}
        onOpenChange={(open) => {
          if (!open && !paying) setMethod(null);
        }}
        size="sm"
        title={t('console.payments.topup.confirmTitle')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="outline" disabled={paying}>
                {t('console.payments.topup.cancel')}
              </Button>
            </DialogClose>
            <Button variant="primary" loading={paying} onClick={() => void pay()}>
              {t('console.payments.topup.confirm')}
            </Button>
          </>
        }
      >
        <p>
          {t('console.payments.topup.confirmBody', {
            amount: amount ?? '',
            money: payable.money ?? '-',
            method: method ? t(METHOD_LABELS[method] ?? 'console.payments.orders.methodZfb') : '',
          })}
        </p>
        {paying ? <p>{t('console.payments.topup.redirecting')}</p> : null}
      </Dialog>
    </Card>
  );
}
