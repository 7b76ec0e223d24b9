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
import {
  StyledSheetBody,
  StyledSheetContent,
  StyledSheetFooter,
  StyledSheetHeader,
  type SideSheetSide,
  type SideSheetSize,
} from './SideSheet.styles';

export type { SideSheetSide, SideSheetSize };

export interface SideSheetProps
  extends Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'> {
  /** Heading; also the panel's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Edge the panel slides from. Defaults to 'right'. */
  side?: SideSheetSide;
  size?: SideSheetSize;
  closable?: boolean;
  closeOnOverlayClick?: boolean;
}

/**
 * Side panel for long forms (channel editor, log details). Same accessibility as Dialog:
 * focus trap, Escape, focus return. Ref, className and other props go to the panel.
 */
export const SideSheet = forwardRef<HTMLDivElement, SideSheetProps>(function SideSheet(
  {
    title,
    description,
    footer,
    trigger,
    open,
    defaultOpen,
    onOpenChange,
    side = 'right',
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
        <StyledSheetContent
          ref={ref}
          $side={side}
          $size={size}
          data-side={side}
          {...(description === undefined ? { 'aria-describedby': undefined } : {})}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault();
            onPointerDownOutside?.(event);
          }}
          {...rest}
        >
          <StyledSheetHeader>
            <StyledDialogHeader>
              <StyledDialogHeading $closable={closable}>
                <StyledDialogTitle>{title}</StyledDialogTitle>
                {description !== undefined && (
                  <StyledDialogDescription>{description}</StyledDialogDescription>
                )}
              </StyledDialogHeading>
            </StyledDialogHeader>
          </StyledSheetHeader>
          <StyledSheetBody>{children}</StyledSheetBody>
          {footer !== undefined && (
            <StyledSheetFooter>
              <StyledDialogFooter>{footer}</StyledDialogFooter>
            </StyledSheetFooter>
          )}
          {closable && (
            <DialogPrimitive.Close asChild>
              <StyledCloseButton type="button" aria-label={t('sideSheet.close')}>
                <CloseIcon />
              </StyledCloseButton>
            </DialogPrimitive.Close>
          )}
        </StyledSheetContent>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
});

/** Closes the surrounding SideSheet; use with asChild around a Button. */
export const SideSheetClose = DialogPrimitive.Close;
