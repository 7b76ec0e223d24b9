import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { StyledPopoverArrow, StyledPopoverContent, StyledPopoverTitle } from './Popover.styles';

export type PopoverSide = 'top' | 'right' | 'bottom' | 'left';
export type PopoverAlign = 'start' | 'center' | 'end';
export type PopoverArrow = 'visible' | 'hidden';

export interface PopoverProps
  extends Omit<ComponentPropsWithoutRef<typeof PopoverPrimitive.Content>, 'content' | 'title'> {
  /** Panel body. */
  content: ReactNode;
  /** Optional heading, also used as the panel's accessible name. */
  title?: ReactNode;
  /** The trigger: one element that can hold a ref. */
  children: ReactElement;
  side?: PopoverSide;
  align?: PopoverAlign;
  arrow?: PopoverArrow;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Modal popovers trap focus and block outside interaction. Defaults to false. */
  modal?: boolean;
}

/**
 * Click-triggered floating panel (Radix Popover): focus moves into the panel, Escape and
 * outside clicks close it, focus returns to the trigger. Ref and className go to the panel.
 * Put <PopoverClose asChild><Button/></PopoverClose> inside to close from a button.
 */
export const Popover = forwardRef<HTMLDivElement, PopoverProps>(function Popover(
  {
    content,
    title,
    children,
    side = 'bottom',
    align = 'center',
    arrow = 'hidden',
    open,
    defaultOpen,
    onOpenChange,
    modal = false,
    sideOffset = 6,
    collisionPadding = 8,
    ...rest
  },
  ref,
) {
  // The title names the panel (role dialog) unless the caller named it.
  const titleId = useId();
  const named = title !== undefined && rest['aria-label'] === undefined && rest['aria-labelledby'] === undefined;
  return (
    <PopoverPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={modal}>
      <PopoverPrimitive.Trigger asChild>{children}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <StyledPopoverContent
          ref={ref}
          side={side}
          align={align}
          sideOffset={sideOffset}
          collisionPadding={collisionPadding}
          aria-labelledby={named ? titleId : undefined}
          {...rest}
        >
          {title !== undefined && <StyledPopoverTitle id={titleId}>{title}</StyledPopoverTitle>}
          {content}
          {arrow === 'visible' && <StyledPopoverArrow />}
        </StyledPopoverContent>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
});

export const PopoverClose = PopoverPrimitive.Close;
