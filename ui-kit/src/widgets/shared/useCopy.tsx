// Copying for the widgets: clipboard first, and when the browser refuses (no permission,
// insecure origin) the spec's fallback, a dialog showing the text to copy by hand (§5 misc).
import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';
import { TextArea } from '../../components/TextArea';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';

/** Writes text to the clipboard; false when neither the async API nor execCommand works. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the legacy path: some embeds deny the async clipboard.
  }
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') return false;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export type CopyFn = (text: string) => Promise<boolean>;

export interface UseCopyResult {
  /** Copies and toasts `success`; on failure opens the manual-copy dialog. */
  copy: (text: string, success: string) => Promise<boolean>;
  /** Render once; holds the manual-copy dialog. */
  dialog: ReactNode;
}

export function useCopy(write: CopyFn = writeClipboard): UseCopyResult {
  const { t } = useT();
  const [manual, setManual] = useState<string | null>(null);
  const copy = useCallback(
    async (text: string, success: string) => {
      const ok = await write(text);
      if (ok) toast.success(success);
      else setManual(text);
      return ok;
    },
    [write],
  );
  const dialog = (
    <Dialog
      open={manual !== null}
      onOpenChange={(open) => {
        if (!open) setManual(null);
      }}
      title={t('copyButton.failedTitle')}
      description={t('copyButton.failedHint')}
    >
      <TextArea
        aria-label={t('copyButton.textLabel')}
        readOnly
        value={manual ?? ''}
        resize="auto"
        maxRows={10}
        onFocus={(e) => e.currentTarget.select()}
      />
    </Dialog>
  );
  return { copy, dialog };
}
