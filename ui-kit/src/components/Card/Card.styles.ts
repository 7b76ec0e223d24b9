import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import type { SluiceTheme } from '../../theme/types';

export type CardVariant = 'outlined' | 'elevated' | 'filled';
export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

const padding = (t: SluiceTheme, p: CardPadding): string =>
  ({ none: t.space[0], sm: t.space[3], md: t.space[5], lg: t.space[6] })[p];

const variantStyles = ({ theme, $variant }: { theme: unknown; $variant: CardVariant }) => {
  const t = resolveTheme(theme);
  switch ($variant) {
    case 'outlined':
      return css`
        background: ${t.colors.bgElevated};
        border: ${t.borderWidths.thin} solid ${t.colors.border};
      `;
    case 'elevated':
      return css`
        background: ${t.colors.bgElevated};
        border: ${t.borderWidths.thin} solid ${t.colors.transparent};
        box-shadow: ${t.shadows.md};
      `;
    case 'filled':
      return css`
        background: ${t.colors.bgMuted};
        border: ${t.borderWidths.thin} solid ${t.colors.transparent};
      `;
    default: {
      const unreachable: never = $variant;
      return unreachable;
    }
  }
};

export const StyledCard = styled.section<{ $variant: CardVariant }>`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border-radius: ${th((t) => t.radii.lg)};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  line-height: ${th((t) => t.lineHeights.normal)};
  color: ${th((t) => t.colors.text)};
  ${variantStyles}
`;

export const StyledCardHeader = styled.header<{ $padding: CardPadding }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${th((t) => t.space[3])};
  padding: ${({ theme, $padding }) => padding(resolveTheme(theme), $padding)};
  padding-bottom: 0;
`;

export const StyledCardHeading = styled.div`
  min-width: 0;
`;

export const StyledCardTitle = styled.h3`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.lg)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: ${th((t) => t.lineHeights.tight)};
`;

export const StyledCardDescription = styled.p`
  margin: ${th((t) => t.space[1])} 0 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledCardExtra = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledCardBody = styled.div<{ $padding: CardPadding }>`
  flex: 1;
  padding: ${({ theme, $padding }) => padding(resolveTheme(theme), $padding)};
`;

export const StyledCardFooter = styled.footer<{ $padding: CardPadding }>`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${th((t) => t.space[2])};
  padding: ${({ theme, $padding }) => padding(resolveTheme(theme), $padding)};
  padding-top: ${th((t) => t.space[3])};
  border-top: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;
