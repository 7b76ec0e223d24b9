import { forwardRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { Dialog, type DialogSize } from './Dialog';
import { DialogActions } from './DialogActions';

export type ConfirmTone = 'default' | 'danger';

export interface ConfirmOptions {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** 'danger' paints the confirm button red (deletes, resets). */
  tone?: ConfirmTone;
  size?: DialogSize;
  /**
   * Runs on confirm before closing; the button shows a spinner meanwhile. If it throws or
   * rejects, the dialog stays open so the user can retry or cancel.
   */
  onConfirm?: () => void | Promise<void>;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** Called once with true (confirmed) or false (cancelled, Escape, ×, backdrop). */
  onResolve: (confirmed: boolean) => void;
  className?: string;
}

/** Controlled confirmation dialog; `confirm()` renders this for you. */
export const ConfirmDialog = forwardRef<HTMLDivElement, ConfirmDialogProps>(function ConfirmDialog(
  { open, onResolve, title, content, confirmText, cancelText, tone = 'default', size = 'sm', onConfirm, className },
  ref,
) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);

  const handleConfirm = async () => {
    if (!onConfirm) {
      onResolve(true);
      return;
    }
    setBusy(true);
    try {
      await onConfirm();
      onResolve(true);
    } catch {
      // The caller's onConfirm reports its own error (e.g. a toast); keep the dialog open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      ref={ref}
      className={className}
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onResolve(false);
      }}
      role="alertdialog"
      size={size}
      data-tone={tone}
      title={title ?? t('confirm.title')}
      closable={false}
      closeOnOverlayClick={false}
      footer={
        // Cancel closes the dialog, which resolves false above.
        <DialogActions
          cancelText={cancelText ?? t('confirm.cancel')}
          cancelDisabled={busy}
          confirmText={confirmText ?? t('confirm.ok')}
          tone={tone === 'danger' ? 'danger' : 'accent'}
          loading={busy}
          onConfirm={() => void handleConfirm()}
        />
      }
    >
      {content}
    </Dialog>
  );
});
