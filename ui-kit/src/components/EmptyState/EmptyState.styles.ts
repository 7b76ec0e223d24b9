import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledEmptyState = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      align-items: center;
      text-align: center;
      gap: ${t.space[2]};
      padding: ${t.space[10]} ${t.space[4]};
      color: ${t.colors.textSecondary};
    `;
  }}
`;

export const StyledEmptyIcon = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      font-size: ${t.fontSizes.display};
      color: ${t.colors.textDisabled};
      line-height: 1;
    `;
  }}
`;

export const StyledEmptyTitle = styled.p`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.lg};
      font-weight: ${t.fontWeights.semibold};
      color: ${t.colors.text};
    `;
  }}
`;

export const StyledEmptyDescription = styled.p`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      max-width: 36em;
      font-size: ${t.fontSizes.sm};
    `;
  }}
`;
