import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

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
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      gap: ${t.space[1]};
      /* Side by side in a wrapping row, each at least 12rem wide. */
      flex: 1 1 9rem;
      min-width: 0;
      padding: ${t.space[4]};
      border-radius: ${t.radii.lg};
      border: ${t.borderWidths.thin} solid ${t.colors.border};
      background: ${t.colors.bgElevated};
      font-family: ${t.fonts.body};
      color: ${t.colors.text};
    `;
  }}
`;

export const StyledStatHeader = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      /* An action beside the label moves below it when there is no room. */
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: ${t.space[2]};
      min-width: 0;
    `;
  }}
`;

export const StyledStatLabel = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textSecondary};
    `;
  }}
`;

export const StyledStatValue = styled.div<{ $tone: StatCardTone }>`
  ${({ theme, $tone }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.xxl};
      font-weight: ${t.fontWeights.semibold};
      line-height: ${t.lineHeights.tight};
      color: ${toneColor($tone, theme)};
      overflow-wrap: anywhere;
    `;
  }}
`;

export const StyledStatHint = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.xs};
      color: ${t.colors.textSecondary};
    `;
  }}
`;
