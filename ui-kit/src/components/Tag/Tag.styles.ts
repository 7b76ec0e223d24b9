import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ColorToken, SluiceTheme } from '../../theme/types';

export type TagColor = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';
export type TagVariant = 'soft' | 'solid' | 'outline';
export type TagSize = 'sm' | 'md';

interface ColorSet {
  solid: ColorToken;
  subtle: ColorToken;
  on: ColorToken;
}

// Every colour comes from semantic tokens, so tags follow light and dark themes.
const colorSets: Record<TagColor, ColorSet> = {
  neutral: { solid: 'textSecondary', subtle: 'bgMuted', on: 'textInverse' },
  primary: { solid: 'primary', subtle: 'primarySubtle', on: 'onPrimary' },
  success: { solid: 'success', subtle: 'successSubtle', on: 'onSuccess' },
  warning: { solid: 'warning', subtle: 'warningSubtle', on: 'onWarning' },
  danger: { solid: 'danger', subtle: 'dangerSubtle', on: 'onDanger' },
  info: { solid: 'info', subtle: 'infoSubtle', on: 'onInfo' },
};

interface StyledTagProps {
  $color: TagColor;
  $variant: TagVariant;
  $size: TagSize;
}

const variantStyles = ({ theme, $color, $variant }: StyledTagProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  const set = colorSets[$color];
  const text = $color === 'neutral' ? t.colors.text : t.colors[set.solid];
  switch ($variant) {
    case 'soft':
      return css`
        background: ${t.colors[set.subtle]};
        color: ${text};
        border-color: ${t.colors.transparent};
      `;
    case 'solid':
      return css`
        background: ${t.colors[set.solid]};
        color: ${t.colors[set.on]};
        border-color: ${t.colors[set.solid]};
      `;
    case 'outline':
      return css`
        background: ${t.colors.transparent};
        color: ${text};
        border-color: ${$color === 'neutral' ? t.colors.borderStrong : t.colors[set.solid]};
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

const sizeStyles = ({ theme, $size }: StyledTagProps & { theme: unknown }) => {
  const t: SluiceTheme = resolveTheme(theme);
  return css`
    height: ${$size === 'sm' ? t.space[5] : t.space[6]};
    padding: 0 ${$size === 'sm' ? t.space[1.5] : t.space[2]};
    font-size: ${$size === 'sm' ? t.fontSizes.xs : t.fontSizes.sm};
    gap: ${t.space[1]};
  `;
};

export const StyledTag = styled.span<StyledTagProps>`
  display: inline-flex;
  align-items: center;
  max-width: 100%;
  vertical-align: middle;
  border: ${th((t) => t.borderWidths.thin)} solid;
  border-radius: ${th((t) => t.radii.sm)};
  font-family: ${th((t) => t.fonts.body)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  line-height: 1;
  white-space: nowrap;
  ${sizeStyles}
  ${variantStyles}
`;

export const StyledTagLabel = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;

export const StyledTagIcon = styled.span`
  display: inline-flex;
  flex-shrink: 0;
`;

export const StyledTagClose = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  margin: 0;
  margin-inline-end: calc(-1 * ${th((t) => t.space[0.5])});
  padding: 0;
  border: 0;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.transparent)};
  color: inherit;
  opacity: ${th((t) => t.opacity.muted)};
  cursor: pointer;
  font-size: 1em;

  &:hover {
    opacity: 1;
  }
  ${focusVisible}
`;
