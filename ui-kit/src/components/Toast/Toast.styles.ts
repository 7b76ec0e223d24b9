import { styled, css, keyframes } from 'styled-components';
import { Toast as ToastPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { baseText, focusVisible } from '../../theme/styleHelpers';
import type { ColorToken } from '../../theme/types';

export type ToastTone = 'success' | 'error' | 'info' | 'warning';
export type ToasterPlacement =
  | 'top-right'
  | 'top-center'
  | 'top-left'
  | 'bottom-right'
  | 'bottom-center'
  | 'bottom-left';

const toneColor: Record<ToastTone, ColorToken> = {
  success: 'success',
  error: 'danger',
  info: 'info',
  warning: 'warning',
};

/** What a top-placed viewport keeps clear: nothing, or the height of a sticky TopNav above it. */
export type ToasterClearance = 'none' | 'top-nav';

const placementStyles = ({ theme, $placement, $clearance }: { theme: unknown; $placement: ToasterPlacement; $clearance: ToasterClearance }) => {
  const t = resolveTheme(theme);
  const [vertical, horizontal] = $placement.split('-') as ['top' | 'bottom', 'left' | 'right' | 'center'];
  // TopNav's own height (its min-height), so a toast never covers the navigation.
  const edge = vertical === 'top' && $clearance === 'top-nav' ? `calc(${t.sizes.control.lg} + 2 * ${t.space[2]})` : '0';
  return css`
    ${vertical}: ${edge};
    ${horizontal === 'center' ? 'left: 50%; transform: translateX(-50%);' : `${horizontal}: 0;`}
    flex-direction: ${vertical === 'top' ? 'column' : 'column-reverse'};
    padding: ${t.space[4]};
  `;
};

export const StyledViewport = styled(ToastPrimitive.Viewport)<{ $placement: ToasterPlacement; $clearance: ToasterClearance }>`
  position: fixed;
  z-index: ${th((t) => t.zIndices.toast)};
  display: flex;
  gap: ${th((t) => t.space[2])};
  width: ${th((t) => t.sizes.toastWidth)};
  max-width: 100vw;
  margin: 0;
  list-style: none;
  outline: none;
  ${placementStyles}
`;

const slideIn = keyframes`
  from { opacity: 0; transform: translateY(-25%); }
  to { opacity: 1; transform: translateY(0); }
`;

export const StyledToastRoot = styled(ToastPrimitive.Root)<{ $tone: ToastTone }>`
  ${baseText}
  display: flex;
  align-items: flex-start;
  gap: ${th((t) => t.space[3])};
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[4])};
  background: ${th((t) => t.colors.bgElevated)};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-left: ${th((t) => t.space[1])} solid
    ${({ theme, $tone }) => resolveTheme(theme).colors[toneColor[$tone]]};
  border-radius: ${th((t) => t.radii.lg)};
  box-shadow: ${th((t) => t.shadows.lg)};
  animation: ${slideIn} ${th((t) => t.motion.normal)} ${th((t) => t.motion.easingOut)};

  &[data-swipe='move'] {
    transform: translateX(var(--radix-toast-swipe-move-x));
  }

  &[data-swipe='end'] {
    transform: translateX(var(--radix-toast-swipe-end-x));
  }
`;

export const StyledToastIcon = styled.span<{ $tone: ToastTone }>`
  display: inline-flex;
  flex-shrink: 0;
  padding-top: ${th((t) => t.space[0.5])};
  font-size: ${th((t) => t.fontSizes.lg)};
  color: ${({ theme, $tone }) => resolveTheme(theme).colors[toneColor[$tone]]};
`;

export const StyledToastBody = styled.div`
  flex: 1;
  min-width: 0;
`;

export const StyledToastTitle = styled(ToastPrimitive.Title)`
  font-weight: ${th((t) => t.fontWeights.medium)};
  color: ${th((t) => t.colors.text)};
  word-break: break-word;
`;

export const StyledToastDescription = styled(ToastPrimitive.Description)`
  margin-top: ${th((t) => t.space[0.5])};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
  word-break: break-word;
`;

export const StyledToastActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[1])};
`;

export const StyledToastClose = styled(ToastPrimitive.Close)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  padding: ${th((t) => t.space[0.5])};
  border: 0;
  border-radius: ${th((t) => t.radii.sm)};
  background: transparent;
  color: ${th((t) => t.colors.textSecondary)};
  cursor: pointer;

  &:hover {
    color: ${th((t) => t.colors.text)};
    background: ${th((t) => t.colors.bgHover)};
  }

  ${focusVisible}
`;
