import { styled } from 'styled-components';
import { th } from '../../theme';
import { widgetColumn, widgetForm } from '../widgetStyles';

export { StyledField, StyledFilterField as StyledSearchField, StyledHint, StyledLabel } from '../widgetStyles';

export const StyledTokenManager = styled.div`
  ${widgetColumn};
`;

export const StyledToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledSearchForm = styled.form`
  flex: 1 1 auto;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledKey = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[1])};
  font-family: ${th((t) => t.fonts.mono)};
  font-size: ${th((t) => t.fontSizes.sm)};
  white-space: nowrap;
`;

export const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  /* Two lines at most: a narrow column no longer stacks the buttons one per line. */
  min-width: 13rem;
  gap: ${th((t) => t.space[1])};
`;

export const StyledMuted = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledFrame = styled.iframe`
  width: 100%;
  height: calc(${th((t) => t.space[16])} * 10);
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.bg)};
`;

export const StyledForm = styled.form`
  ${widgetForm};
`;

export const StyledLabelRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space[2])};
`;

export const StyledError = styled.span`
  font-size: ${th((t) => t.fontSizes.xs)};
  color: ${th((t) => t.colors.danger)};
`;

export const StyledPresets = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space[1])};
`;

export const StyledInline = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${th((t) => t.space[2])};
`;
