import { styled } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';

export type PaginationSize = 'sm' | 'md';

export const StyledPagination = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${th((t) => t.space[3])};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledTotal = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.sm)};
  white-space: nowrap;
`;

export const StyledList = styled.ul`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[1])};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const StyledPageButton = styled.button<{ $size: PaginationSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: ${({ theme, $size }) => resolveTheme(theme).sizes.control[$size]};
  height: ${({ theme, $size }) => resolveTheme(theme).sizes.control[$size]};
  margin: 0;
  padding: 0 ${th((t) => t.space[1.5])};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.transparent)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.transparent)};
  color: inherit;
  font: inherit;
  font-size: ${({ theme, $size }) => resolveTheme(theme).fontSizes[$size === 'sm' ? 'sm' : 'md']};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  transition: background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover:not(:disabled) {
    background: ${th((t) => t.colors.bgHover)};
  }
  &[aria-current='page'] {
    border-color: ${th((t) => t.colors.primary)};
    background: ${th((t) => t.colors.primarySubtle)};
    color: ${th((t) => t.colors.primary)};
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
  &:disabled {
    color: ${th((t) => t.colors.textDisabled)};
    cursor: not-allowed;
  }
  ${focusVisible}
`;

export const StyledSizeChanger = styled.div`
  min-width: calc(${th((t) => t.sizes.control.md)} * 3.5);
`;
