import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledChartFigure = styled.figure`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      min-width: 0;
      width: 100%;
      display: flex;
      flex-direction: column;
      gap: ${t.space[2]};
      color: ${t.colors.text};
      font-family: ${t.fonts.body};
      font-size: ${t.fontSizes.xs};

      /* recharts draws SVG text; give it the theme's colours. */
      & .recharts-cartesian-axis-tick-value {
        fill: ${t.colors.textSecondary};
      }
      & .recharts-cartesian-grid line {
        stroke: ${t.colors.border};
      }
      & .recharts-legend-item-text {
        color: ${t.colors.text} !important;
      }
    `;
  }}
`;

export const StyledChartCaption = styled.figcaption`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      font-size: ${t.fontSizes.md};
      font-weight: ${t.fontWeights.semibold};
      color: ${t.colors.text};
    `;
  }}
`;

export const StyledTooltip = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      background: ${t.colors.bgElevated};
      border: ${t.borderWidths.thin} solid ${t.colors.border};
      border-radius: ${t.radii.md};
      box-shadow: ${t.shadows.md};
      padding: ${t.space[2]} ${t.space[3]};
      color: ${t.colors.text};
      font-size: ${t.fontSizes.xs};
      display: flex;
      flex-direction: column;
      gap: ${t.space[1]};
    `;
  }}
`;

export const StyledTooltipRow = styled.span`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      align-items: center;
      gap: ${t.space[2]};
      & > i {
        display: inline-block;
        width: ${t.space[2]};
        height: ${t.space[2]};
        border-radius: ${t.radii.round};
      }
      & > b {
        margin-inline-start: auto;
        font-weight: ${t.fontWeights.semibold};
      }
    `;
  }}
`;
