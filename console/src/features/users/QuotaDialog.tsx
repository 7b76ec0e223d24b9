// Adds or subtracts quota (negative numbers allowed) through POST /api/user/manage add_quota;
// the answer's quota replaces the row's.
import { useEffect, useState } from 'react';
import { Banner, Dialog, DialogActions, FormField, NumberInput, Stack, toast, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { useServerAction } from '../../hooks/useServerAction';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import type { AdminUser, ManageResult } from './types';

interface Props {
  user: AdminUser | null;
  display: QuotaDisplay;
  onClose: () => void;
  onDone: (user: AdminUser, result: ManageResult) => void;
}

export function QuotaDialog({ user, display, onClose, onDone }: Props) {
  const { t } = useT();
  const { request } = useApi();
  const { busy, refusal, run, clear } = useServerAction();
  const [delta, setDelta] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setDelta(null);
    setError(null);
    clear();
  }, [user, clear]);

  if (!user) return null;
  const submit = async () => {
    if (delta === null || delta === 0 || !Number.isInteger(delta)) {
      setError(t('console.users.quota.required'));
      return;
    }
    setError(null);
    await run(async () => {
      const body = { id: user.id, action: 'add_quota', value: delta } satisfies ApiBody<'/api/user/manage', 'post'>;
      const res = await request<ManageResult>('POST', '/api/user/manage', body);
      toast.success(t('console.users.quota.done'));
      onDone(user, res.data);
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('console.users.quota.title', { username: user.username })}
      description={t('console.users.quota.current', { amount: formatQuota(user.quota, display) })}
      footer={
        <DialogActions
          cancelText={t('console.users.quota.cancel')}
          confirmText={t('console.users.quota.confirm')}
          loading={busy}
          onConfirm={() => void submit()}
        />
      }
    >
      <Stack gap={3}>
        {refusal ? <Banner type="danger">{refusal}</Banner> : null}
        <FormField
          label={t('console.users.quota.amount')}
          hint={t('console.users.quota.hint', { amount: formatQuota(delta ?? 0, display) })}
          error={error ?? undefined}
        >
          <NumberInput value={delta} onValueChange={setDelta} step={1} precision={0} />
        </FormField>
        <span>{t('console.users.quota.after', { amount: formatQuota(user.quota + (delta ?? 0), display) })}</span>
      </Stack>
    </Dialog>
  );
}
