import { styled } from 'styled-components';
import { th } from '../../theme/resolveTheme';

export const StyledPicker = styled.div`
  display: inline-flex;
  flex-direction: column;
  gap: ${th((t) => t.space[2])};
  min-width: 0;
`;

export const StyledQuickButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[1])};
`;

/** Native pickers need room for the full date and time. */
export const StyledInputSlot = styled.div`
  min-width: calc(${th((t) => t.sizes.inputMin)} * 3);
`;
