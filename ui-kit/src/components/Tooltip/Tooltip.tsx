import { forwardRef, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { StyledTooltipArrow, StyledTooltipContent } from './Tooltip.styles';

export type TooltipSide = 'top' | 'right' | 'bottom' | 'left';
export type TooltipAlign = 'start' | 'center' | 'end';

export interface TooltipProps
  extends Omit<ComponentPropsWithoutRef<typeof TooltipPrimitive.Content>, 'content' | 'children'> {
  /** Tooltip text; when empty the trigger renders alone. */
  content: ReactNode;
  /** The trigger: one element that can hold a ref (a Button, a span...). */
  children: ReactElement;
  side?: TooltipSide;
  align?: TooltipAlign;
  /** Hover delay in ms before opening. Defaults to 300. */
  delayDuration?: number;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * Hover/focus hint (Radix Tooltip): opens on hover and keyboard focus, Escape closes, the
 * trigger gets aria-describedby. Carries its own provider so no app-level setup is needed.
 * The ref and className go to the tooltip bubble.
 */
export const Tooltip = forwardRef<HTMLDivElement, TooltipProps>(function Tooltip(
  {
    content,
    children,
    side = 'top',
    align = 'center',
    delayDuration = 300,
    open,
    defaultOpen,
    onOpenChange,
    sideOffset = 6,
    ...rest
  },
  ref,
) {
  if (content === undefined || content === null || content === '' || content === false) {
    return children;
  }
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <StyledTooltipContent ref={ref} side={side} align={align} sideOffset={sideOffset} {...rest}>
            {content}
            <StyledTooltipArrow />
          </StyledTooltipContent>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
});
