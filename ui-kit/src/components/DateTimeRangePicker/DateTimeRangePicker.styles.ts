import { styled } from 'styled-components';
import { th } from '../../theme/resolveTheme';

// The column, the input slots and the quick buttons are the single picker's.
export { StyledPicker as StyledRangePicker, StyledInputSlot } from '../DateTimePicker/DateTimePicker.styles';

export const StyledInputs = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledSeparator = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export const StyledError = styled.div`
  color: ${th((t) => t.colors.danger)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;
