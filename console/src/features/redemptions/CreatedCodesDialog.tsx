// The codes just generated, shown once (the list only ever shows them masked), with a copy button.
import { Banner, Button, CopyButton, Dialog, DialogClose, Stack, TextArea } from '@sluice/ui-kit';
import { useT } from '../../i18n';

export function CreatedCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const { t } = useT();
  if (!codes) return null;
  const text = codes.join('\n');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('console.redemptions.created.title', { count: codes.length })}
      footer={
        <>
          <CopyButton text={text} variant="primary" successMessage={t('console.redemptions.copied')}>
            {t('console.redemptions.created.copyAll')}
          </CopyButton>
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        </>
      }
    >
      <Stack gap={3}>
        <Banner type="warning">{t('console.redemptions.created.once')}</Banner>
        <TextArea aria-label={t('console.redemptions.created.codes')} readOnly value={text} rows={Math.min(10, Math.max(3, codes.length))} />
      </Stack>
    </Dialog>
  );
}
