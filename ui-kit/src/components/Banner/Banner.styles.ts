import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ColorToken } from '../../theme/types';

export type BannerType = 'info' | 'success' | 'warning' | 'danger';
export type BannerVariant = 'soft' | 'outline' | 'fullWidth';

const tokens: Record<BannerType, { solid: ColorToken; subtle: ColorToken }> = {
  info: { solid: 'info', subtle: 'infoSubtle' },
  success: { solid: 'success', subtle: 'successSubtle' },
  warning: { solid: 'warning', subtle: 'warningSubtle' },
  danger: { solid: 'danger', subtle: 'dangerSubtle' },
};

interface StyledBannerProps {
  $type: BannerType;
  $variant: BannerVariant;
}

const variantStyles = ({ theme, $type, $variant }: StyledBannerProps & { theme: unknown }) => {
  const t = resolveTheme(theme);
  const c = tokens[$type];
  switch ($variant) {
    case 'soft':
      return css`
        background: ${t.colors[c.subtle]};
        border: ${t.borderWidths.thin} solid ${t.colors[c.subtle]};
        border-radius: ${t.radii.md};
      `;
    case 'outline':
      return css`
        background: ${t.colors.bgElevated};
        border: ${t.borderWidths.thin} solid ${t.colors[c.solid]};
        border-radius: ${t.radii.md};
      `;
    case 'fullWidth':
      // Page-top strip: no radius, a single bottom rule.
      return css`
        background: ${t.colors[c.subtle]};
        border: 0;
        border-bottom: ${t.borderWidths.thin} solid ${t.colors[c.solid]};
        border-radius: 0;
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

export const StyledBanner = styled.div<StyledBannerProps>`
  display: flex;
  align-items: flex-start;
  gap: ${th((t) => t.space[3])};
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[4])};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  line-height: ${th((t) => t.lineHeights.normal)};
  color: ${th((t) => t.colors.text)};
  ${variantStyles}
`;

export const StyledBannerIcon = styled.span<{ $type: BannerType }>`
  display: inline-flex;
  flex-shrink: 0;
  /* Centre the icon on the first text line. */
  height: ${th((t) => `calc(${t.lineHeights.normal} * ${t.fontSizes.md})`)};
  align-items: center;
  font-size: ${th((t) => t.sizes.icon.md)};
  color: ${({ theme, $type }) => resolveTheme(theme).colors[tokens[$type].solid]};
`;

export const StyledBannerBody = styled.div`
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const StyledBannerTitle = styled.div`
  font-weight: ${th((t) => t.fontWeights.semibold)};
  & + * {
    margin-top: ${th((t) => t.space[1])};
  }
`;

export const StyledBannerActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space[2])};
  margin-top: ${th((t) => t.space[2])};
`;

export const StyledBannerClose = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  width: ${th((t) => t.sizes.control.sm)};
  height: ${th((t) => t.sizes.control.sm)};
  margin: calc(-1 * ${th((t) => t.space[1])}) calc(-1 * ${th((t) => t.space[2])}) 0 0;
  padding: 0;
  border: 0;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.transparent)};
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.sizes.icon.sm)};
  cursor: pointer;

  &:hover {
    background: ${th((t) => t.colors.bgHover)};
    color: ${th((t) => t.colors.text)};
  }
  ${focusVisible}
`;
