import { styled } from 'styled-components';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { th } from '../../theme/resolveTheme';
import { baseText } from '../../theme/styleHelpers';

export const StyledTooltipContent = styled(TooltipPrimitive.Content)`
  ${baseText}
  z-index: ${th((t) => t.zIndices.tooltip)};
  max-width: ${th((t) => t.sizes.tooltipMax)};
  padding: ${th((t) => t.space[1.5])} ${th((t) => t.space[2])};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.bgInverse)};
  color: ${th((t) => t.colors.textInverse)};
  font-size: ${th((t) => t.fontSizes.sm)};
  line-height: ${th((t) => t.lineHeights.normal)};
  box-shadow: ${th((t) => t.shadows.md)};
  word-break: break-word;
  user-select: none;
`;

export const StyledTooltipArrow = styled(TooltipPrimitive.Arrow)`
  fill: ${th((t) => t.colors.bgInverse)};
`;
