// Online top-up (spec §2.7, §5, §7): an amount raised to the minimum, the payable money from
// /api/user/amount, the zfb and wx buttons, a confirm dialog, then the hidden form POST to the
// payment page. With online top-up off, the buttons say so instead.
import { useEffect, useId, useState } from 'react';
import { Banner, Button, Dialog, DialogActions, FormField, NumberInput, Stack, toast, type ApiBody, type ApiData } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { ConsoleStatus } from '../../api/status';
import { useApi } from '../../api/useApi';
import { submitPayForm } from './payForm';

type Method = 'zfb' | 'wx';

export function OnlineTopUp({ status }: { status: ConsoleStatus }) {
  const { t } = useT();
  const { request, describe } = useApi();
  const enabled = status.enable_online_topup === true;
  const reasonId = useId();
  const min = typeof status.min_topup === 'number' && status.min_topup > 0 ? status.min_topup : 1;
  const [amount, setAmount] = useState<number | null>(min);
  const [payable, setPayable] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [method, setMethod] = useState<Method | null>(null);
  const [paying, setPaying] = useState(false);

  // The status (and its minimum) may arrive after the page: start from the minimum then.
  useEffect(() => {
    setAmount((a) => (a === null || a < min ? min : a));
  }, [min]);

  // The payable money follows the amount (only for amounts the server will accept).
  useEffect(() => {
    if (!enabled || amount === null || amount < min) {
      setPayable(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      request<ApiData<'/api/user/amount', 'post'>>('POST', '/api/user/amount', { amount } satisfies ApiBody<'/api/user/amount', 'post'>)
        .then((res) => {
          if (!live) return;
          setPayable(String(res.data));
          setAmountError(null);
        })
        .catch((e: unknown) => {
          if (!live) return;
          setPayable(null);
          setAmountError(describe(e));
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [enabled, amount, min, request, describe]);

  /** Below the minimum is raised to it, with the spec's message. */
  const raise = () => {
    if (amount === null || amount < min) {
      setAmount(min);
      toast.warning(t('console.wallet.online.amountMin', { min }));
    }
  };

  const choose = (m: Method) => {
    if (!enabled) {
      toast.error(t('console.wallet.online.disabled'));
      return;
    }
    if (amount === null || amount < min) {
      raise();
      return;
    }
    setMethod(m);
  };

  const pay = async () => {
    if (!method || amount === null) return;
    setPaying(true);
    try {
      const res = await request<ApiData<'/api/user/pay', 'post'>>('POST', '/api/user/pay', {
        amount: Math.trunc(amount),
        payment_method: method,
      } satisfies ApiBody<'/api/user/pay', 'post'>);
      const url = typeof res.body.url === 'string' ? res.body.url : '';
      if (res.message !== 'success' || url === '') throw new Error(res.message || 'pay');
      submitPayForm(url, res.data);
    } catch (e) {
      toast.error(describe(e));
      setPaying(false);
      setMethod(null);
    }
  };

  return (
    <Stack gap={3}>
      {/* Off: the buttons are disabled and described by the reason, read with them. */}
      {!enabled && (
        <Banner type="info" id={reasonId}>
          {t('console.wallet.online.disabled')}
        </Banner>
      )}
      <FormField label={t('console.wallet.online.amount')} hint={t('console.wallet.online.amountHint', { min })}>
        <NumberInput value={amount} onValueChange={setAmount} onBlur={raise} min={0} step={1} precision={0} disabled={!enabled} />
      </FormField>
      {enabled && (
        <span aria-live="polite">
          {amountError ?? t('console.wallet.online.payable', { money: payable ?? '-' })}
        </span>
      )}
      <Stack direction="row" gap={2}>
        <Button variant="primary" onClick={() => choose('zfb')} disabled={!enabled} aria-describedby={enabled ? undefined : reasonId}>
          {t('console.wallet.online.zfb')}
        </Button>
        <Button variant="primary" tone="success" onClick={() => choose('wx')} disabled={!enabled} aria-describedby={enabled ? undefined : reasonId}>
          {t('console.wallet.online.wx')}
        </Button>
      </Stack>
      <Dialog
        open={method !== null}
        onOpenChange={(open) => {
          if (!open && !paying) setMethod(null);
        }}
        title={t('console.wallet.online.confirmTitle')}
        footer={
          <DialogActions
            cancelText={t('common.cancel')}
            cancelDisabled={paying}
            confirmText={t('console.wallet.online.confirm')}
            loading={paying}
            onConfirm={() => void pay()}
          />
        }
      >
        <Stack gap={2}>
          <span>{t('console.wallet.online.confirmAmount', { amount: amount ?? 0 })}</span>
          <span>{t('console.wallet.online.confirmPayable', { money: payable ?? '-' })}</span>
          <span>{t(method === 'wx' ? 'console.wallet.online.confirmWx' : 'console.wallet.online.confirmZfb')}</span>
        </Stack>
      </Dialog>
    </Stack>
  );
}
