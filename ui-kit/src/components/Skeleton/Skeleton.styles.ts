import styled, { css, keyframes } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { visuallyHidden } from '../../theme/styleHelpers';

export type SkeletonVariant = 'text' | 'rect' | 'circle';
export type SkeletonAnimation = 'pulse' | 'none';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

interface ShapeProps {
  $variant: SkeletonVariant;
  $animation: SkeletonAnimation;
  $width?: string;
  $height?: string;
}

const variantStyles = ({ theme, $variant, $width, $height }: ShapeProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  switch ($variant) {
    case 'text':
      return css`
        width: ${$width ?? '100%'};
        /* One line of body text, so swapping in real text does not shift the layout. */
        height: ${$height ?? '1em'};
        margin: calc((${t.lineHeights.normal}em - 1em) / 2) 0;
        border-radius: ${t.radii.sm};
      `;
    case 'rect':
      return css`
        width: ${$width ?? '100%'};
        height: ${$height ?? t.sizes.control.lg};
        border-radius: ${t.radii.md};
      `;
    case 'circle':
      return css`
        width: ${$width ?? t.sizes.control.md};
        height: ${$height ?? $width ?? t.sizes.control.md};
        flex-shrink: 0;
        border-radius: ${t.radii.round};
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

export const StyledShape = styled.span<ShapeProps>`
  display: block;
  background: ${th((t) => t.colors.bgActive)};
  ${variantStyles}
  ${({ $animation, theme }) =>
    $animation === 'pulse' &&
    css`
      animation: ${pulse} calc(${resolveTheme(theme).motion.slow} * 5) ${resolveTheme(theme).motion.easing}
        infinite;
      @media (prefers-reduced-motion: reduce) {
        animation: none;
      }
    `}
`;

export const StyledSkeleton = styled.div`
  display: flex;
  flex-direction: column;
  width: 100%;
`;

export const StyledHidden = styled.span`
  ${visuallyHidden}
`;
