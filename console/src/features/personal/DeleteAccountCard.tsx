// Self-deletion (spec §2 screen 9, §5): the typed name must equal the own username, else nothing
// is sent; then DELETE /api/user/self, the stored user is cleared and the login page opens.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner, Button, Card, Dialog, DialogActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { useApi } from '../../api/useApi';

export function DeleteAccountCard({ username }: { username: string }) {
  const { t } = useT();
  const { setUser } = useSession();
  const { request, describe } = useApi();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (typed !== username) {
      setError(t('console.personal.danger.mismatch'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await request('DELETE', '/api/user/self');
      toast.success(t('console.personal.danger.deleted'));
      setUser(null);
      navigate('/login', { replace: true });
    } catch (e) {
      setServerError(describe(e));
      setBusy(false);
    }
  };

  return (
    <Card title={t('console.personal.danger.title')} description={t('console.personal.danger.description')}>
      <Stack direction="row">
        <Button
          variant="outline"
          tone="danger"
          onClick={() => {
            setTyped('');
            setError(null);
            setServerError(null);
            setOpen(true);
          }}
        >
          {t('console.personal.danger.delete')}
        </Button>
      </Stack>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('console.personal.danger.dialogTitle')}
        footer={
          <DialogActions
            cancelText={t('console.personal.danger.cancel')}
            confirmText={t('console.personal.danger.confirm')}
            tone="danger"
            loading={busy}
            onConfirm={() => void confirm()}
          />
        }
      >
        <Stack gap={3}>
          <Banner type="danger">{t('console.personal.danger.warning')}</Banner>
          {serverError ? <Banner type="danger">{serverError}</Banner> : null}
          <FormField label={t('console.personal.danger.input', { username })} error={error ?? undefined}>
            <Input value={typed} autoComplete="off" onValueChange={setTyped} />
          </FormField>
        </Stack>
      </Dialog>
    </Card>
  );
}
