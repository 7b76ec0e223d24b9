import { styled } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { spreadRow } from '../../theme/styleHelpers';

export type StatCardTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

const toneColor = (tone: StatCardTone, theme: unknown): string => {
  const t = resolveTheme(theme);
  switch (tone) {
    case 'neutral':
      return t.colors.text;
    case 'primary':
      return t.colors.primary;
    case 'success':
      return t.colors.success;
    case 'warning':
      return t.colors.warning;
    case 'danger':
      return t.colors.danger;
    case 'info':
      return t.colors.info;
    default: {
      const unreachable: never = tone;
      return unreachable;
    }
  }
};

export const StyledStatCard = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[1])};
  /* Side by side in a wrapping row, each at least 12rem wide. */
  flex: 1 1 9rem;
  min-width: 0;
  padding: ${th((t) => t.space[4])};
  border-radius: ${th((t) => t.radii.lg)};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  background: ${th((t) => t.colors.bgElevated)};
  font-family: ${th((t) => t.fonts.body)};
  color: ${th((t) => t.colors.text)};
`;

/** An action beside the label moves below it when there is no room. */
export const StyledStatHeader = styled.div`
  ${spreadRow}
  min-width: 0;
`;

export const StyledStatLabel = styled.div`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledStatValue = styled.div<{ $tone: StatCardTone }>`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.xxl)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  line-height: ${th((t) => t.lineHeights.tight)};
  color: ${({ theme, $tone }) => toneColor($tone, theme)};
  overflow-wrap: anywhere;
`;

export const StyledStatHint = styled.div`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.xs)};
  color: ${th((t) => t.colors.textSecondary)};
`;
