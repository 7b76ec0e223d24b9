import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ColorToken } from '../../theme/types';

export type CalendarMarkTone = 'success' | 'primary' | 'warning' | 'danger' | 'info';

const markTokens: Record<CalendarMarkTone, { solid: ColorToken; subtle: ColorToken }> = {
  success: { solid: 'success', subtle: 'successSubtle' },
  primary: { solid: 'primary', subtle: 'primarySubtle' },
  warning: { solid: 'warning', subtle: 'warningSubtle' },
  danger: { solid: 'danger', subtle: 'dangerSubtle' },
  info: { solid: 'info', subtle: 'infoSubtle' },
};

export const StyledCalendar = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
  /* Seven comfortable columns; wider containers stretch the grid. */
  min-width: calc(${th((t) => t.sizes.control.md)} * 7);
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space[2])};
`;

export const StyledTitle = styled.div`
  flex: 1;
  text-align: center;
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

export const StyledGrid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: ${th((t) => t.space[0.5])};
`;

export const StyledWeekday = styled.th`
  padding: ${th((t) => t.space[1])} 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  font-weight: ${th((t) => t.fontWeights.regular)};
  color: ${th((t) => t.colors.textSecondary)};
  text-align: center;
`;

export const StyledCell = styled.td`
  padding: 0;
  text-align: center;
  vertical-align: top;
`;

const markStyles = ({ theme, $markTone }: { theme: unknown; $markTone: CalendarMarkTone }) => {
  const t = resolveTheme(theme);
  const c = markTokens[$markTone];
  return css`
    &[data-marked] {
      background: ${t.colors[c.subtle]};
      color: ${t.colors[c.solid]};
      font-weight: ${t.fontWeights.medium};
    }
  `;
};

export const StyledDay = styled.div<{ $markTone: CalendarMarkTone }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: ${th((t) => t.sizes.control.md)};
  margin: 0;
  padding: ${th((t) => t.space[0.5])};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.transparent)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.transparent)};
  color: inherit;
  font: inherit;
  font-variant-numeric: tabular-nums;
  line-height: ${th((t) => t.lineHeights.tight)};

  /* Neighbouring months' days are quieter but still readable text (textDisabled was 2.6:1 on
     white, 3.3:1 on the dark popover; textSecondary is 6.1:1 and 6.8:1). */
  &[data-outside] {
    color: ${th((t) => t.colors.textSecondary)};
  }
  ${markStyles}
  &[data-today] {
    border-color: ${th((t) => t.colors.primary)};
    font-weight: ${th((t) => t.fontWeights.semibold)};
  }
  &[data-selected] {
    background: ${th((t) => t.colors.primary)};
    color: ${th((t) => t.colors.onPrimary)};
  }
  &[data-disabled] {
    color: ${th((t) => t.colors.textDisabled)};
    cursor: not-allowed;
  }
  &[data-interactive] {
    cursor: pointer;
  }
  &[data-interactive]:not([data-disabled]):not([data-selected]):hover {
    background: ${th((t) => t.colors.bgHover)};
  }
  &[data-interactive][data-disabled] {
    cursor: not-allowed;
  }
  ${focusVisible}
`;

export const StyledDayExtra = styled.span`
  font-size: ${th((t) => t.fontSizes.xs)};
  line-height: ${th((t) => t.lineHeights.tight)};
`;

export const StyledFooter = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space[2])};
`;
