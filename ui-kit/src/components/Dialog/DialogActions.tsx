import type { ReactNode } from 'react';
import { Button, type ButtonTone, type ButtonVariant } from '../Button/Button';
import { DialogClose } from './Dialog';

export interface DialogActionsProps {
  /** Label of the button that closes the dialog (Escape and × do the same). */
  cancelText: ReactNode;
  /** Look of the closing button. Defaults to 'outline'. */
  cancelVariant?: ButtonVariant;
  /** Keeps the closing button from closing mid-request. */
  cancelDisabled?: boolean;
  confirmText: ReactNode;
  onConfirm: () => void;
  /** Colour of the confirm button: 'danger' for deletes and other one-way steps. Defaults to the accent. */
  tone?: ButtonTone;
  /** Spinner on the confirm button while its request runs. */
  loading?: boolean;
  /** Confirm is refused until the input is complete. */
  disabled?: boolean;
  /** Further actions between the two (copy, download). */
  children?: ReactNode;
}

/**
 * The usual action row of a Dialog or SideSheet, for its `footer`: a button that closes it, any
 * further actions, then the primary confirm button. Renders the buttons only; the footer lays
 * them out.
 */
export function DialogActions({
  cancelText,
  cancelVariant = 'outline',
  cancelDisabled,
  confirmText,
  onConfirm,
  tone,
  loading,
  disabled,
  children,
}: DialogActionsProps) {
  return (
    <>
      <DialogClose asChild>
        <Button variant={cancelVariant} disabled={cancelDisabled}>
          {cancelText}
        </Button>
      </DialogClose>
      {children}
      <Button variant="primary" tone={tone} loading={loading} disabled={disabled} onClick={onConfirm}>
        {confirmText}
      </Button>
    </>
  );
}
