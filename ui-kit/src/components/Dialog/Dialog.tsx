import { forwardRef } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useT } from '../../i18n/I18nProvider';
import { StyledDialogFooter } from '../../internal/dialogStyles';
import { ModalRoot, modalParts, type ModalProps } from '../../internal/modalParts';
import { StyledDialogBody, StyledDialogContent, type DialogSize } from './Dialog.styles';

export type { DialogSize };

export interface DialogProps extends ModalProps {
  size?: DialogSize;
}

/**
 * Modal dialog (Radix Dialog): focus is trapped inside, Escape closes, focus returns to the
 * trigger, the page behind is inert. Ref, className and other props go to the panel.
 */
export const Dialog = forwardRef<HTMLDivElement, DialogProps>(function Dialog({ size = 'md', ...props }, ref) {
  const { t } = useT();
  const parts = modalParts(props, t('dialog.close'));
  return (
    <ModalRoot {...parts.root}>
      <StyledDialogContent ref={ref} $size={size} data-size={size} {...parts.panel}>
        {parts.heading}
        {parts.body !== undefined && <StyledDialogBody>{parts.body}</StyledDialogBody>}
        {parts.footer !== undefined && <StyledDialogFooter>{parts.footer}</StyledDialogFooter>}
        {parts.close}
      </StyledDialogContent>
    </ModalRoot>
  );
});

/** Closes the surrounding Dialog or SideSheet; use with asChild around a Button. */
export const DialogClose = DialogPrimitive.Close;
