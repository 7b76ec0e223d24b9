// WeChat binding: scan the official account's QR code, send it "验证码", type the code it
// answers (valid 3 minutes) → POST /api/oauth/wechat/bind {code}.
import { useEffect, useState } from 'react';
import { Banner, Button, Dialog, DialogClose, FormField, Input, Stack, toast, useT } from '@sluice/ui-kit';
import { useSession } from '../../app/session';
import { useApi } from '../../api/useApi';
import { useWeChatBind } from '../oauth/wechat';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

export function WeChatBindDialog({ open, onOpenChange, onDone }: Props) {
  const { t } = useT();
  const { status } = useSession();
  const { describe } = useApi();
  const bindWeChat = useWeChatBind();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const bind = async () => {
    if (code.trim() === '') return;
    setBusy(true);
    try {
      await bindWeChat(code);
      toast.success(t('console.personal.bind.wechatBound'));
      setCode('');
      onDone();
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.personal.bind.wechatTitle')}
      description={t('console.personal.bind.wechatHint')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('console.personal.bind.cancel')}</Button>
          </DialogClose>
          <Button variant="primary" loading={busy} disabled={code.trim() === ''} onClick={() => void bind()}>
            {t('console.personal.bind.submit')}
          </Button>
        </>
      }
    >
      <Stack gap={3} align="center">
        {error ? <Banner type="danger">{error}</Banner> : null}
        {status.wechat_qrcode ? <img src={status.wechat_qrcode} alt={t('console.personal.bind.wechatQr')} width={200} height={200} /> : null}
        <FormField label={t('console.personal.bind.code')}>
          <Input value={code} autoComplete="one-time-code" onValueChange={setCode} />
        </FormField>
      </Stack>
    </Dialog>
  );
}
