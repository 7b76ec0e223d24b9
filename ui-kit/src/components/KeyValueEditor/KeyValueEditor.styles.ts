import styled, { css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledKeyValueEditor = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      gap: ${t.space[2]};
      min-width: 0;
    `;
  }}
`;

export const StyledRows = styled.ul`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      list-style: none;
      margin: 0;
      padding: 0;
      display: flex;
      flex-direction: column;
      gap: ${t.space[2]};
    `;
  }}
`;

/** Key, value and the remove button on one line; key and value share the width. */
export const StyledRow = styled.li<{ $pair: boolean }>`
  ${({ theme, $pair }) => {
    const t = resolveTheme(theme);
    return css`
      display: grid;
      grid-template-columns: ${$pair ? 'minmax(0, 1fr) minmax(0, 1fr) auto' : 'minmax(0, 1fr) auto'};
      gap: ${t.space[2]};
      align-items: center;
    `;
  }}
`;

export const StyledEmpty = styled.p`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textSecondary};
    `;
  }}
`;
