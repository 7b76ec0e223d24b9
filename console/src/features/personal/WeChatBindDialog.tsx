// WeChat binding: scan the official account's QR code, send it "验证码", type the code it
// answers (valid 3 minutes) → POST /api/oauth/wechat/bind {code}.
import { useEffect, useState } from 'react';
import { Banner, Dialog, DialogActions, FormField, Input, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { useServerAction } from '../../hooks/useServerAction';
import { useWeChatBind } from '../oauth/wechat';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDone: () => void;
}

export function WeChatBindDialog({ open, onOpenChange, onDone }: Props) {
  const { t } = useT();
  const { status } = useSession();
  const bindWeChat = useWeChatBind();
  const { busy, refusal, run, clear } = useServerAction();
  const [code, setCode] = useState('');

  useEffect(() => {
    if (open) clear();
  }, [open, clear]);

  const bind = async () => {
    if (code.trim() === '') return;
    await run(async () => {
      await bindWeChat(code);
      toast.success(t('console.personal.bind.wechatBound'));
      setCode('');
      onDone();
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('console.personal.bind.wechatTitle')}
      description={t('console.personal.bind.wechatHint')}
      footer={
        <DialogActions
          cancelText={t('console.personal.bind.cancel')}
          confirmText={t('console.personal.bind.submit')}
          loading={busy}
          disabled={code.trim() === ''}
          onConfirm={() => void bind()}
        />
      }
    >
      <Stack gap={3} align="center">
        {refusal ? <Banner type="danger">{refusal}</Banner> : null}
        {status.wechat_qrcode ? <img src={status.wechat_qrcode} alt={t('console.personal.bind.wechatQr')} width={200} height={200} /> : null}
        <FormField label={t('console.personal.bind.code')}>
          <Input value={code} autoComplete="one-time-code" onValueChange={setCode} />
        </FormField>
      </Stack>
    </Dialog>
  );
}
