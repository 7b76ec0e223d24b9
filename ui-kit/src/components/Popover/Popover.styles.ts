import { styled } from 'styled-components';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { floatingPanel } from '../../internal/overlayStyles';
import { th } from '../../theme/resolveTheme';

export const StyledPopoverContent = styled(PopoverPrimitive.Content)`
  ${floatingPanel}
  z-index: ${th((t) => t.zIndices.popover)};
  /* Never wider than the room on its side of the trigger (Radix measures it, minus the collision
     padding): a panel opening to the left of a button at a phone's right edge stays on screen. */
  max-width: min(
    ${th((t) => t.sizes.popoverMax)},
    calc(100vw - ${th((t) => t.space[4])}),
    var(--radix-popover-content-available-width, 100vw)
  );
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[4])};
`;

export const StyledPopoverArrow = styled(PopoverPrimitive.Arrow)`
  fill: ${th((t) => t.colors.bgElevated)};
`;

export const StyledPopoverTitle = styled.div`
  margin-bottom: ${th((t) => t.space[2])};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  color: ${th((t) => t.colors.text)};
`;
