// Overlay and close-button styles shared by Dialog and SideSheet.
import { styled, keyframes } from 'styled-components';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { th } from '../theme/resolveTheme';
import { focusVisible } from '../theme/styleHelpers';

const fade = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

export const StyledOverlay = styled(DialogPrimitive.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${th((t) => t.zIndices.overlay)};
  background: ${th((t) => t.colors.overlay)};
  animation: ${fade} ${th((t) => t.motion.normal)} ${th((t) => t.motion.easingOut)};
`;

// Positioned in the panel's top-right corner but rendered last in the DOM, so the initial
// focus lands on the first field or action instead of the × button.
export const StyledCloseButton = styled.button`
  position: absolute;
  top: ${th((t) => t.space[4])};
  right: ${th((t) => t.space[4])};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${th((t) => t.sizes.control.sm)};
  height: ${th((t) => t.sizes.control.sm)};
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: ${th((t) => t.radii.md)};
  background: transparent;
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.lg)};
  cursor: pointer;

  &:hover {
    background: ${th((t) => t.colors.bgHover)};
    color: ${th((t) => t.colors.text)};
  }

  ${focusVisible}
`;

export const StyledDialogHeader = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${th((t) => t.space[3])};
`;

export const StyledDialogHeading = styled.div<{ $closable: boolean }>`
  flex: 1;
  min-width: 0;
  padding-right: ${({ theme, $closable }) => (th((t) => ($closable ? t.space[8] : t.space[0]))({ theme }))};
`;

export const StyledDialogTitle = styled(DialogPrimitive.Title)`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.lg)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: ${th((t) => t.lineHeights.tight)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledDialogDescription = styled(DialogPrimitive.Description)`
  margin: ${th((t) => t.space[1])} 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledDialogFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${th((t) => t.space[2])};
`;
