import { styled } from 'styled-components';
import {
  bareControl,
  fieldAffix,
  fieldFrame,
  fieldHeight,
  type FieldFrameProps,
} from '../../internal/fieldStyles';
import { th } from '../../theme/resolveTheme';

export const StyledNumberFrame = styled.span<FieldFrameProps>`
  ${fieldFrame}
  ${fieldHeight}
  padding-right: 0;
  overflow: hidden;
`;

export const StyledNumberInput = styled.input`
  ${bareControl}
  font-variant-numeric: tabular-nums;
`;

export const StyledAffix = styled.span`
  ${fieldAffix}
`;

export const StyledSteppers = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-self: stretch;
  border-left: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;

export const StyledStepButton = styled.button`
  display: inline-flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  width: ${th((t) => t.space[6])};
  margin: 0;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.xs)};
  cursor: pointer;

  & + & {
    border-top: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  }

  &:hover:not(:disabled) {
    color: ${th((t) => t.colors.primary)};
    background: ${th((t) => t.colors.bgHover)};
  }

  &:disabled {
    cursor: not-allowed;
    color: ${th((t) => t.colors.textDisabled)};
  }
`;
