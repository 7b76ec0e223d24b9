import { styled, css, keyframes } from 'styled-components';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { baseText } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

export type SideSheetSide = 'right' | 'left' | 'top' | 'bottom';
export type SideSheetSize = ControlSize | 'full';

const slideFrom = {
  right: keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`,
  left: keyframes`from { transform: translateX(-100%); } to { transform: translateX(0); }`,
  top: keyframes`from { transform: translateY(-100%); } to { transform: translateY(0); }`,
  bottom: keyframes`from { transform: translateY(100%); } to { transform: translateY(0); }`,
} satisfies Record<SideSheetSide, unknown>;

interface SheetProps {
  $side: SideSheetSide;
  $size: SideSheetSize;
}

const placement = ({ theme, $side, $size }: SheetProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  const extent = $size === 'full' ? '100%' : t.sizes.sideSheet[$size];
  const horizontal = $side === 'left' || $side === 'right';
  return css`
    ${horizontal ? 'top: 0; bottom: 0;' : 'left: 0; right: 0;'}
    ${$side}: 0;
    ${horizontal ? `width: ${extent}; max-width: 100vw;` : `height: ${extent}; max-height: 100vh;`}
    animation: ${slideFrom[$side]} ${t.motion.slow} ${t.motion.easingOut};
  `;
};

export const StyledSheetContent = styled(DialogPrimitive.Content)<SheetProps>`
  ${baseText}
  position: fixed;
  z-index: ${th((t) => t.zIndices.modal)};
  display: flex;
  flex-direction: column;
  background: ${th((t) => t.colors.bgElevated)};
  box-shadow: ${th((t) => t.shadows.xl)};
  ${placement}

  &:focus {
    outline: none;
  }
`;

export const StyledSheetHeader = styled.div`
  flex-shrink: 0;
  padding: ${th((t) => t.space[4])} ${th((t) => t.space[6])};
  border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;

export const StyledSheetBody = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${th((t) => t.space[6])};
`;

export const StyledSheetFooter = styled.div`
  flex-shrink: 0;
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[6])};
  border-top: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;
