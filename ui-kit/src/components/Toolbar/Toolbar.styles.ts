import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledToolbar = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-wrap: wrap;
      align-items: flex-end;
      justify-content: space-between;
      gap: ${t.space[3]};
      min-width: 0;
    `;
  }}
`;

export const StyledToolbarGroup = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-wrap: wrap;
      align-items: flex-end;
      gap: ${t.space[2]};
      min-width: 0;
      /* Filter controls keep a usable width and take the whole row on phones. */
      & > * {
        flex: 0 1 auto;
        min-width: 0;
      }
      @media (max-width: ${t.breakpoints.sm}) {
        width: 100%;
        & > * {
          flex: 1 1 100%;
        }
      }
    `;
  }}
`;
