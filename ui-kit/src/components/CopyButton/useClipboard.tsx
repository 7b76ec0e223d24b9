// Copy with navigator.clipboard; when that is missing or refused (insecure origin, denied
// permission, old browser) open a dialog with the text selected so the user can copy it
// by hand, as the spec asks. Success shows a short "copied" toast.
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { Button } from '../Button/Button';
import { Dialog, DialogClose } from '../Dialog/Dialog';
import { TextArea } from '../TextArea/TextArea';
import { toast } from '../Toast/Toast';

/** The spec's copy notices last three seconds. */
export const COPY_TOAST_DURATION = 3000;

export type CopyResult = 'copied' | 'manual';

export interface CopyOptions {
  /** Toast text on success; false for no toast. Defaults to "已复制". */
  successMessage?: ReactNode | false;
}

export interface UseClipboardResult {
  /** Copies the text; resolves 'manual' when the fallback dialog was opened instead. */
  copy: (text: string, options?: CopyOptions) => Promise<CopyResult>;
  /** Render this once (it is the manual-copy dialog, closed until needed). */
  manualCopyDialog: ReactNode;
}

async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function useClipboard(): UseClipboardResult {
  const { t } = useT();
  const [manualText, setManualText] = useState<string | null>(null);

  const copy = useCallback(
    async (text: string, options: CopyOptions = {}): Promise<CopyResult> => {
      if (await writeClipboard(text)) {
        const message = options.successMessage ?? t('copyButton.copied');
        if (message !== false) toast.success(message, { duration: COPY_TOAST_DURATION });
        return 'copied';
      }
      setManualText(text);
      return 'manual';
    },
    [t],
  );

  const manualCopyDialog = (
    <Dialog
      open={manualText !== null}
      onOpenChange={(open) => {
        if (!open) setManualText(null);
      }}
      title={t('copyButton.failedTitle')}
      description={t('copyButton.failedHint')}
      onOpenAutoFocus={(event) => {
        // Focus and select the text so Ctrl+C works at once.
        event.preventDefault();
        const field = (event.currentTarget as HTMLElement | null)?.querySelector('textarea');
        field?.focus();
        field?.select();
      }}
      footer={
        <DialogClose asChild>
          <Button variant="primary">{t('common.close')}</Button>
        </DialogClose>
      }
    >
      <TextArea
        readOnly
        value={manualText ?? ''}
        aria-label={t('copyButton.textLabel')}
        rows={Math.min(8, Math.max(2, (manualText ?? '').split('\n').length))}
        onFocus={(event) => event.currentTarget.select()}
      />
    </Dialog>
  );

  return { copy, manualCopyDialog };
}
