// What Dialog and SideSheet share: both are a Radix Dialog with the dimmed overlay, the same
// heading, the same × button and the same overlay-click switch; only the panel differs.
import type { ComponentPropsWithoutRef, ReactElement, ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  StyledCloseButton,
  StyledDialogDescription,
  StyledDialogHeader,
  StyledDialogHeading,
  StyledDialogTitle,
  StyledOverlay,
} from './dialogStyles';
import { CloseIcon } from './icons';

type PanelProps = Omit<ComponentPropsWithoutRef<typeof DialogPrimitive.Content>, 'title'>;

export interface ModalProps extends PanelProps {
  /** Heading; also the panel's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Action row, usually <DialogClose asChild><Button/></DialogClose> plus a primary button. */
  footer?: ReactNode;
  /** Optional trigger element; omit it when the panel is controlled with `open`. */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Show the × button. Defaults to true. */
  closable?: boolean;
  /** Close when the dimmed backdrop is clicked. Defaults to true. */
  closeOnOverlayClick?: boolean;
}

interface RootProps {
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** Root, optional trigger, portal and overlay; the panel is the child. */
export function ModalRoot({ trigger, open, defaultOpen, onOpenChange, children }: RootProps & { children: ReactNode }) {
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <StyledOverlay />
        {children}
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface ModalParts {
  root: RootProps;
  /** Spread on the panel (Radix Content): the caller's props plus the overlay-click switch. */
  panel: PanelProps;
  heading: ReactElement;
  body: ReactNode;
  footer: ReactNode;
  /** The × button, or null when not closable. */
  close: ReactElement | null;
}

/** Splits a modal's props into the parts every panel places the same way. */
export function modalParts(
  {
    title,
    description,
    footer,
    trigger,
    open,
    defaultOpen,
    onOpenChange,
    closable = true,
    closeOnOverlayClick = true,
    children,
    onPointerDownOutside,
    ...rest
  }: ModalProps,
  closeLabel: string,
): ModalParts {
  return {
    root: { trigger, open, defaultOpen, onOpenChange },
    panel: {
      // Without a description Radix expects an explicit opt-out instead of a dangling id.
      ...(description === undefined ? { 'aria-describedby': undefined } : {}),
      onPointerDownOutside: (event) => {
        if (!closeOnOverlayClick) event.preventDefault();
        onPointerDownOutside?.(event);
      },
      ...rest,
    },
    heading: (
      <StyledDialogHeader>
        <StyledDialogHeading $closable={closable}>
          <StyledDialogTitle>{title}</StyledDialogTitle>
          {description !== undefined && <StyledDialogDescription>{description}</StyledDialogDescription>}
        </StyledDialogHeading>
      </StyledDialogHeader>
    ),
    body: children,
    footer,
    // Rendered last in the panel so the initial focus lands on a field or action, not on ×.
    close: closable ? (
      <DialogPrimitive.Close asChild>
        <StyledCloseButton type="button" aria-label={closeLabel}>
          <CloseIcon />
        </StyledCloseButton>
      </DialogPrimitive.Close>
    ) : null,
  };
}
