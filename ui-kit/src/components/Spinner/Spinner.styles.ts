import styled, { css, keyframes } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { visuallyHidden } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

export type SpinnerSize = ControlSize;
export type SpinnerTone = 'primary' | 'neutral' | 'inverse';

const rotate = keyframes`
  to { transform: rotate(360deg); }
`;

const toneColor = { primary: 'primary', neutral: 'textSecondary', inverse: 'textInverse' } as const;

export const StyledSpinner = styled.span<{ $size: SpinnerSize; $tone: SpinnerTone }>`
  display: inline-flex;
  flex-direction: column;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  color: ${({ theme, $tone }) => resolveTheme(theme).colors[toneColor[$tone]]};
  font-size: ${({ theme, $size }) => resolveTheme(theme).sizes.icon[$size]};
  line-height: 1;
`;

export const StyledGlyph = styled.svg`
  width: 1em;
  height: 1em;
  animation: ${rotate} ${th((t) => t.motion.spin)} linear infinite;

  @media (prefers-reduced-motion: reduce) {
    /* Still moving (it signals activity), just slower. */
    animation-duration: calc(${th((t) => t.motion.spin)} * 3);
  }
`;

export const StyledTip = styled.span`
  font-size: ${th((t) => t.fontSizes.sm)};
  line-height: ${th((t) => t.lineHeights.normal)};
`;

export const StyledHidden = styled.span`
  ${visuallyHidden}
`;

export const StyledContainer = styled.div`
  position: relative;
`;

export const StyledContent = styled.div<{ $spinning: boolean }>`
  transition: opacity ${th((t) => t.motion.normal)} ${th((t) => t.motion.easing)};
  ${({ $spinning, theme }) =>
    $spinning &&
    css`
      opacity: ${resolveTheme(theme).opacity.disabled};
      pointer-events: none;
      user-select: none;
    `}
`;

export const StyledOverlay = styled.div`
  position: absolute;
  inset: 0;
  z-index: ${th((t) => t.zIndices.raised)};
  display: flex;
  align-items: center;
  justify-content: center;
`;
