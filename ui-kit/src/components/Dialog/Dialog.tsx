import { forwardRef, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledCloseButton,
  StyledDialogDescription,
  StyledDialogFooter,
  StyledDialogHeader,
  StyledDialogHeading,
  StyledDialogTitle,
  StyledOverlay,
} from '../../internal/dialogStyles';
import { CloseIcon } from '../../internal/icons';
import { StyledDialogBody, StyledDialogContent, type DialogSize } from './Dialog.styles';

export type { DialogSize };

export interface DialogProps
  extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** Heading; also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Action row, usually <DialogClose asChild><Button/></DialogClose> plus a primary button. */
  footer?: ReactNode;
  /** Optional trigger element; omit it when the dialog is controlled with `open`. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  size?: DialogSize;
  /** Show the × button. Defaults to true. */
  closable?: boolean;
  /** Close when the dimmed backdrop is clicked. Defaults to true. */
  closeOnOverlayClick?: boolean;
}

/**
 * Modal dialog (Radix Dialog): focus is trapped inside, Escape closes, focus returns to the
 * trigger, the page behind is inert. Ref, className and other props go to the panel.
 */
export const Dialog = forwardRef<HTMLDivElement, DialogProps>(function Dialog(
  {
    title,
    description,
    footer,
    trigger,
    open,
    defaultOpen,
    onOpenChange,
    size = 'md',
    closable = true,
    closeOnOverlayClick = true,
    children,
    onPointerDownOutside,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <StyledOverlay />
        <StyledDialogContent
          ref={ref}
          $size={size}
          data-size={size}
          // Without a description Radix expects an explicit opt-out instead of a dangling id.
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault();
            onPointerDownOutside?.(event);
          }}
          {...rest}
        >
          <StyledDialogHeader>
            <StyledDialogHeading $closable={closable}>
              <StyledDialogTitle>{title}</StyledDialogTitle>
              {description !== undefined && (
                <StyledDialogDescription>{description}</StyledDialogDescription>
              )}
            </StyledDialogHeading>
          </StyledDialogHeader>
          {children !== undefined && <StyledDialogBody>{children}</StyledDialogBody>}
          {footer !== undefined && <StyledDialogFooter>{footer}</StyledDialogFooter>}
          {closable && (
            <DialogPrimitive.Close asChild>
              <StyledCloseButton type="button" aria-label={t('dialog.close')}>
                <CloseIcon />
              </StyledCloseButton>
            </DialogPrimitive.Close>
          )}
        </StyledDialogContent>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
});

/** Closes the surrounding Dialog or SideSheet; use with asChild around a Button. */
export const DialogClose = DialogPrimitive.Close;
