import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledTurnstile = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      gap: ${t.space[1]};
      min-height: ${t.sizes.control.lg};
      max-width: 100%;
      overflow: hidden;
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.danger};
    `;
  }}
`;
