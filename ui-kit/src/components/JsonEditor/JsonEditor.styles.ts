import styled, { css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledJsonEditor = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      gap: ${t.space[1]};
      min-width: 0;
      textarea {
        font-family: ${t.fonts.mono};
        font-size: ${t.fontSizes.sm};
      }
    `;
  }}
`;

export const StyledJsonError = styled.p`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.xs};
      line-height: ${t.lineHeights.normal};
      color: ${t.colors.danger};
      overflow-wrap: anywhere;
    `;
  }}
`;
