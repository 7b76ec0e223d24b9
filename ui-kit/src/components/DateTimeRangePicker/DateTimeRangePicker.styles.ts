import { styled } from 'styled-components';
import { th } from '../../theme/resolveTheme';

export const StyledRangePicker = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
  min-width: 0;
`;

export const StyledInputs = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[2])};
`;

export const StyledInputSlot = styled.div`
  min-width: calc(${th((t) => t.sizes.inputMin)} * 3);
`;

export const StyledSeparator = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export const StyledQuickButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[1])};
`;

export const StyledError = styled.div`
  color: ${th((t) => t.colors.danger)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;
