// Shared look and motion for floating panels (Popover, DropdownMenu, Select list, Tooltip).
// Panels render in portals outside any styled parent, so they set their own base text.
import { css, keyframes } from 'styled-components';
import { th } from '../theme/resolveTheme';
import { baseText } from '../theme/styleHelpers';

const fadeIn = keyframes`
  from { opacity: 0; transform: scale(0.96); }
  to { opacity: 1; transform: scale(1); }
`;

export const floatingPanel = css`
  ${baseText}
  box-sizing: border-box;
  background: ${th((t) => t.colors.bgElevated)};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  box-shadow: ${th((t) => t.shadows.lg)};
  transform-origin: var(--radix-popper-transform-origin);
  animation: ${fadeIn} ${th((t) => t.motion.fast)} ${th((t) => t.motion.easingOut)};

  &:focus {
    outline: none;
  }
`;

/** Row inside a menu or list: hover/highlight, disabled and danger tones. */
export const menuRow = css`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  min-height: ${th((t) => t.sizes.control.md)};
  padding: 0 ${th((t) => t.space[2])};
  border-radius: ${th((t) => t.radii.sm)};
  color: ${th((t) => t.colors.text)};
  font-size: ${th((t) => t.fontSizes.md)};
  cursor: pointer;
  user-select: none;
  outline: none;

  &[data-highlighted] {
    background: ${th((t) => t.colors.bgHover)};
  }

  &[data-disabled] {
    cursor: not-allowed;
    color: ${th((t) => t.colors.textDisabled)};
  }
`;
