import { styled } from 'styled-components';
import {
  bareControl,
  fieldAffix,
  fieldFrame,
  fieldHeight,
  type FieldFrameProps,
} from '../../internal/fieldStyles';
import { th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';

export const StyledInputFrame = styled.span<FieldFrameProps>`
  ${fieldFrame}
  ${fieldHeight}
`;

export const StyledInput = styled.input`
  ${bareControl}
`;

export const StyledAffix = styled.span`
  ${fieldAffix}
`;

/** Small borderless button inside a field (clear, reveal password). */
export const StyledFieldButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  padding: 0;
  margin: 0;
  border: 0;
  border-radius: ${th((t) => t.radii.sm)};
  background: transparent;
  color: ${th((t) => t.colors.textDisabled)};
  font-size: ${th((t) => t.fontSizes.md)};
  cursor: pointer;

  &:hover {
    color: ${th((t) => t.colors.textSecondary)};
  }

  ${focusVisible}
`;
