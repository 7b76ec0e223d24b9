// Moves referral quota into the balance; below quota_per_unit nothing is sent (spec §5).
import { useEffect, useState } from 'react';
import { Banner, Dialog, DialogActions, FormField, NumberInput, Stack, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { useApi } from '../../api/useApi';
import { useServerAction } from '../../hooks/useServerAction';
import { formatQuota, quotaDisplayOf } from '../quota/format';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: number;
  onDone: () => void;
}

export function AffTransferDialog({ open, onOpenChange, available, onDone }: Props) {
  const { t } = useT();
  const { status } = useSession();
  const { request } = useApi();
  const { busy, refusal, run, clear } = useServerAction();
  const display = quotaDisplayOf(status);
  const min = display.quotaPerUnit;
  const [amount, setAmount] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setAmount(available >= min ? available : min);
      setError(null);
      clear();
    }
  }, [open, available, min, clear]);

  const submit = async () => {
    if (amount === null || amount < min) {
      setError(t('console.personal.aff.minimum', { min: formatQuota(min, display) }));
      return;
    }
    setError(null);
    await run(async () => {
      await request('POST', '/api/user/aff_transfer', { quota: amount } satisfies ApiBody<'/api/user/aff_transfer', 'post'>);
      toast.success(t('console.personal.aff.done'));
      onDone();
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.personal.aff.transferTitle')}
      description={t('console.personal.aff.available', { amount: formatQuota(available, display) })}
      footer={
        <DialogActions
          cancelText={t('console.personal.aff.cancel')}
          confirmText={t('console.personal.aff.confirm')}
          loading={busy}
          onConfirm={() => void submit()}
        />
      }
    >
      <Stack gap={3}>
        {refusal ? <Banner type="danger">{refusal}</Banner> : null}
        <FormField
          label={t('console.personal.aff.amount')}
          hint={t('console.personal.aff.amountHint', { min: formatQuota(min, display), units: min })}
          error={error ?? undefined}
        >
          <NumberInput value={amount} onValueChange={setAmount} step={1} precision={0} />
        </FormField>
      </Stack>
    </Dialog>
  );
}
