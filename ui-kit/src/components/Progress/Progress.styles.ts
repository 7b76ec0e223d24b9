import styled, { css, keyframes } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import type { ControlSize, SluiceTheme } from '../../theme/types';

export type ProgressVariant = 'bar' | 'circle';
export type ProgressTone = 'primary' | 'success' | 'warning' | 'danger' | 'info';
export type ProgressSize = ControlSize;

const barHeight = (t: SluiceTheme, size: ProgressSize): string =>
  ({ sm: t.space[1], md: t.space[2], lg: t.space[3] })[size];

// Circle diameters as multiples of the large control height (40px by default).
// The small circle is a little wider than a control so "100%" fits inside the ring (table cells).
const circleScale: Record<ProgressSize, number> = { sm: 1.2, md: 1.5, lg: 2 };

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const rotate = keyframes`
  to { transform: rotate(360deg); }
`;

export const StyledProgress = styled.div<{ $variant: ProgressVariant }>`
  display: ${({ $variant }) => ($variant === 'bar' ? 'flex' : 'inline-flex')};
  align-items: center;
  gap: ${th((t) => t.space[2])};
  width: ${({ $variant }) => ($variant === 'bar' ? '100%' : 'auto')};
  font-family: ${th((t) => t.fonts.body)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledTrack = styled.div<{ $size: ProgressSize }>`
  position: relative;
  flex: 1;
  height: ${({ theme, $size }) => barHeight(resolveTheme(theme), $size)};
  overflow: hidden;
  border-radius: ${th((t) => t.radii.pill)};
  background: ${th((t) => t.colors.bgActive)};
`;

export const StyledFill = styled.div<{ $tone: ProgressTone; $indeterminate: boolean }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ theme, $tone }) => resolveTheme(theme).colors[$tone]};
  transition: width ${th((t) => t.motion.slow)} ${th((t) => t.motion.easingOut)};
  ${({ $indeterminate, theme }) =>
    $indeterminate &&
    css`
      width: 40%;
      animation: ${slide} calc(${resolveTheme(theme).motion.slow} * 5) ${resolveTheme(theme).motion.easing}
        infinite;
      @media (prefers-reduced-motion: reduce) {
        animation-duration: calc(${resolveTheme(theme).motion.slow} * 15);
      }
    `}
`;

export const StyledInfo = styled.span<{ $size: ProgressSize }>`
  flex-shrink: 0;
  min-width: 3ch;
  font-size: ${({ theme, $size }) => resolveTheme(theme).fontSizes[$size === 'lg' ? 'md' : 'sm']};
  font-variant-numeric: tabular-nums;
  color: ${th((t) => t.colors.textSecondary)};
  text-align: end;
`;

export const StyledCircle = styled.div<{ $size: ProgressSize }>`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme, $size }) => `calc(${resolveTheme(theme).sizes.control.lg} * ${circleScale[$size]})`};
  aspect-ratio: 1;
`;

export const StyledCircleSvg = styled.svg<{ $indeterminate: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  transform: rotate(-90deg);
  ${({ $indeterminate, theme }) =>
    $indeterminate &&
    css`
      animation: ${rotate} ${resolveTheme(theme).motion.spin} linear infinite;
    `}
`;

export const StyledCircleTrack = styled.circle`
  stroke: ${th((t) => t.colors.bgActive)};
`;

export const StyledCircleFill = styled.circle<{ $tone: ProgressTone }>`
  stroke: ${({ theme, $tone }) => resolveTheme(theme).colors[$tone]};
  transition: stroke-dashoffset ${th((t) => t.motion.slow)} ${th((t) => t.motion.easingOut)};
`;

export const StyledCircleInfo = styled.span<{ $size: ProgressSize }>`
  position: relative;
  font-size: ${({ theme, $size }) => resolveTheme(theme).fontSizes[$size === 'sm' ? 'xs' : $size === 'md' ? 'sm' : 'lg']};
  font-weight: ${th((t) => t.fontWeights.medium)};
  font-variant-numeric: tabular-nums;
`;
