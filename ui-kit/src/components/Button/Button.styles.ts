import { styled, css, keyframes } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ColorToken, ControlSize, SluiceTheme } from '../../theme/types';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'link';
export type ButtonTone = 'accent' | 'neutral' | 'danger' | 'success' | 'warning';
export type ButtonSize = ControlSize;

interface ToneColors {
  solid: ColorToken;
  hover: ColorToken;
  subtle: ColorToken;
  on: ColorToken;
  text: ColorToken;
}

// Neutral has no solid brand colour, so it maps onto surface and text tokens.
const toneColors: Record<ButtonTone, ToneColors> = {
  accent: { solid: 'primary', hover: 'primaryHover', subtle: 'primarySubtle', on: 'onPrimary', text: 'primary' },
  neutral: { solid: 'bgInverse', hover: 'textSecondary', subtle: 'bgMuted', on: 'textInverse', text: 'text' },
  danger: { solid: 'danger', hover: 'dangerHover', subtle: 'dangerSubtle', on: 'onDanger', text: 'danger' },
  success: { solid: 'success', hover: 'successHover', subtle: 'successSubtle', on: 'onSuccess', text: 'success' },
  warning: { solid: 'warning', hover: 'warningHover', subtle: 'warningSubtle', on: 'onWarning', text: 'warning' },
};

export interface StyledButtonProps {
  $variant: ButtonVariant;
  $tone: ButtonTone;
  $size: ButtonSize;
  $fullWidth: boolean;
  $iconOnly: boolean;
}

const paddingX = (t: SluiceTheme, size: ButtonSize): string =>
  ({ sm: t.space[2], md: t.space[3], lg: t.space[4] })[size];

const fontSize = (t: SluiceTheme, size: ButtonSize): string =>
  ({ sm: t.fontSizes.sm, md: t.fontSizes.md, lg: t.fontSizes.lg })[size];

export const sizeStyles = ({ theme, $size, $iconOnly, $variant }: StyledButtonProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  if ($variant === 'link') {
    return css`
      height: auto;
      padding: 0;
      font-size: ${fontSize(t, $size)};
    `;
  }
  return css`
    height: ${t.sizes.control[$size]};
    min-width: ${$iconOnly ? t.sizes.control[$size] : 'auto'};
    padding: 0 ${$iconOnly ? '0' : paddingX(t, $size)};
    font-size: ${fontSize(t, $size)};
    gap: ${$size === 'sm' ? t.space[1] : t.space[2]};
  `;
};

export const variantStyles = ({ theme, $variant, $tone }: StyledButtonProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  const c = toneColors[$tone];
  const col = (k: ColorToken) => t.colors[k];
  switch ($variant) {
    case 'primary':
      return css`
        background: ${col(c.solid)};
        color: ${col(c.on)};
        border-color: ${col(c.solid)};
        &:hover:not(:disabled) {
          background: ${col(c.hover)};
          border-color: ${col(c.hover)};
        }
      `;
    case 'secondary':
      return css`
        background: ${col(c.subtle)};
        color: ${col(c.text)};
        border-color: ${col('transparent')};
        &:hover:not(:disabled) {
          background: ${$tone === 'neutral' ? col('bgActive') : col(c.subtle)};
          filter: ${$tone === 'neutral' ? 'none' : 'brightness(0.97)'};
        }
      `;
    case 'outline':
      return css`
        background: ${col('bgElevated')};
        color: ${col(c.text)};
        border-color: ${$tone === 'neutral' ? col('border') : col(c.solid)};
        &:hover:not(:disabled) {
          border-color: ${$tone === 'neutral' ? col('borderHover') : col(c.hover)};
          background: ${$tone === 'neutral' ? col('bgHover') : col(c.subtle)};
        }
      `;
    case 'ghost':
      return css`
        background: ${col('transparent')};
        color: ${col(c.text)};
        border-color: ${col('transparent')};
        &:hover:not(:disabled) {
          background: ${$tone === 'neutral' ? col('bgHover') : col(c.subtle)};
        }
      `;
    case 'link':
      return css`
        background: ${col('transparent')};
        color: ${$tone === 'neutral' ? col('textLink') : col(c.text)};
        border-color: ${col('transparent')};
        &:hover:not(:disabled) {
          text-decoration: underline;
        }
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

const disabledStyles = css`
  &:disabled {
    cursor: not-allowed;
    background: ${th((t) => t.colors.bgDisabled)};
    color: ${th((t) => t.colors.textDisabled)};
    border-color: ${th((t) => t.colors.border)};
    filter: none;
  }
`;

const linkDisabledStyles = css`
  &:disabled {
    cursor: not-allowed;
    color: ${th((t) => t.colors.textDisabled)};
  }
`;

export const StyledButton = styled.button<StyledButtonProps>`
  position: relative;
  display: ${({ $fullWidth }) => ($fullWidth ? 'flex' : 'inline-flex')};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  margin: 0;
  border-style: solid;
  border-width: ${th((t) => t.borderWidths.thin)};
  border-radius: ${th((t) => t.radii.md)};
  font-family: ${th((t) => t.fonts.body)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  line-height: ${th((t) => t.lineHeights.tight)};
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  text-decoration: none;
  transition:
    background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)},
    border-color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)},
    color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};
  ${sizeStyles}
  ${variantStyles}
  ${({ $variant }) => ($variant === 'link' ? linkDisabledStyles : disabledStyles)}
  ${focusVisible}

  &[data-state='loading'] {
    cursor: progress;
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const StyledSpinner = styled.span`
  display: inline-flex;
  animation: ${spin} ${th((t) => t.motion.spin)} linear infinite;
`;

export const StyledIcon = styled.span`
  display: inline-flex;
  align-items: center;
  font-size: 1.15em;
`;

export const StyledLabel = styled.span`
  display: inline-flex;
  align-items: center;
`;
