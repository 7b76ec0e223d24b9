import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible, spreadRow } from '../../theme/styleHelpers';
import type { SluiceTheme } from '../../theme/types';

export type TableSize = 'sm' | 'md';
export type TableHeader = 'static' | 'sticky';

const cellPadding = (t: SluiceTheme, size: TableSize): string =>
  size === 'sm' ? `${t.space[1.5]} ${t.space[2]}` : `${t.space[3]} ${t.space[3]}`;

export const StyledTableRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[3])};
  min-width: 0;
  font-family: ${th((t) => t.fonts.body)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledToolbar = styled.div`
  ${spreadRow}
`;

export const StyledToolbarGroup = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledSelectedCount = styled.span`
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledScroll = styled.div<{ $maxHeight?: string; $pageSticky: boolean }>`
  position: relative;
  /* Sticky to the page needs a non-scrolling wrapper; otherwise scroll inside it. */
  overflow: ${({ $pageSticky }) => ($pageSticky ? 'visible' : 'auto')};
  max-height: ${({ $maxHeight }) => $maxHeight ?? 'none'};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  background: ${th((t) => t.colors.bgElevated)};
`;

export const StyledTable = styled.table<{ $size: TableSize; $minWidth: string | undefined }>`
  width: 100%;
  min-width: ${({ $minWidth }) => $minWidth ?? 'auto'};
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${({ theme, $size }) => resolveTheme(theme).fontSizes[$size === 'sm' ? 'sm' : 'md']};
  line-height: ${th((t) => t.lineHeights.normal)};

  & tbody tr:last-child > td {
    border-bottom: 0;
  }
`;

export const StyledTh = styled.th<{ $size: TableSize; $header: TableHeader; $stickyTop: string }>`
  padding: ${({ theme, $size }) => cellPadding(resolveTheme(theme), $size)};
  border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  background: ${th((t) => t.colors.bgMuted)};
  color: ${th((t) => t.colors.textSecondary)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  text-align: start;
  white-space: nowrap;

  &[data-align='center'] {
    text-align: center;
  }
  &[data-align='end'] {
    text-align: end;
  }
  ${({ $header, $stickyTop, theme }) =>
    $header === 'sticky' &&
    css`
      position: sticky;
      top: ${$stickyTop};
      z-index: ${resolveTheme(theme).zIndices.raised};
    `}
`;

export const StyledTd = styled.td<{ $size: TableSize }>`
  padding: ${({ theme, $size }) => cellPadding(resolveTheme(theme), $size)};
  border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  vertical-align: middle;
  overflow-wrap: anywhere;

  &[data-nowrap='true'] {
    white-space: nowrap;
    overflow-wrap: normal;
  }
  &[data-align='center'] {
    text-align: center;
  }
  &[data-align='end'] {
    text-align: end;
  }
`;

const selectionCell = css`
  width: calc(${th((t) => t.sizes.checkbox.md)} + 2 * ${th((t) => t.space[3])});
  text-align: center;
`;

/** A capped cell value (TableColumn.maxWidth): one line, cut with an ellipsis. */
export const StyledClip = styled.span`
  display: block;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const StyledSelectionTh = styled(StyledTh)`
  ${selectionCell}
`;

export const StyledSelectionTd = styled(StyledTd)`
  ${selectionCell}
`;

export const StyledRow = styled.tr`
  transition: background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover > td {
    background: ${th((t) => t.colors.bgHover)};
  }
  &[data-state='selected'] > td {
    background: ${th((t) => t.colors.primarySubtle)};
  }
  /* Greyed, not inert: row actions (enable, edit) must keep working. */
  &[data-disabled] > td {
    background: ${th((t) => t.colors.rowDisabled)};
    color: ${th((t) => t.colors.textSecondary)};
  }
`;

export const StyledSortButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[1])};
  margin: 0;
  padding: 0;
  border: 0;
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.transparent)};
  color: inherit;
  font: inherit;
  cursor: pointer;

  &:hover {
    color: ${th((t) => t.colors.text)};
  }
  ${focusVisible}
`;

export const StyledSortIndicator = styled.span`
  display: inline-flex;
  flex-direction: column;
  font-size: ${th((t) => t.fontSizes.xs)};
  line-height: 0.6;
  color: ${th((t) => t.colors.textDisabled)};

  & > [data-active] {
    color: ${th((t) => t.colors.primary)};
  }
`;

export const StyledEmpty = styled.td`
  padding: ${th((t) => t.space[10])} ${th((t) => t.space[4])};
  color: ${th((t) => t.colors.textSecondary)};
  text-align: center;
`;

export const StyledPaginationRow = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export const StyledColumnList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
  min-width: ${th((t) => t.sizes.menuMin)};
`;

export const StyledColumnActions = styled.div`
  display: flex;
  justify-content: flex-end;
  padding-top: ${th((t) => t.space[2])};
  border-top: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;
