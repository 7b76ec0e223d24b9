import styled from 'styled-components';
import { th } from '../../theme/resolveTheme';

export const StyledKeyValueEditor = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
  min-width: 0;
`;

export const StyledRows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
`;

/** Key, value and the remove button on one line; key and value share the width. */
export const StyledRow = styled.li<{ $pair: boolean }>`
  display: grid;
  grid-template-columns: ${({ $pair }) => ($pair ? 'minmax(0, 1fr) minmax(0, 1fr) auto' : 'minmax(0, 1fr) auto')};
  gap: ${th((t) => t.space[2])};
  align-items: center;
`;

export const StyledEmpty = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;
