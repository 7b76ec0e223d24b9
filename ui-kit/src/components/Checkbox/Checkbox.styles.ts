import { styled } from 'styled-components';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';
import type { ControlSize } from '../../theme/types';

const boxSize = ({ theme, $size }: { theme: unknown; $size: ControlSize }) => {
  const s = resolveTheme(theme).sizes.checkbox[$size];
  return `width: ${s}; height: ${s};`;
};

export const StyledCheckboxRoot = styled(CheckboxPrimitive.Root)<{ $size: ControlSize }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex-shrink: 0;
  ${boxSize}
  margin: 0;
  padding: 0;
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.borderStrong)};
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.bgElevated)};
  color: ${th((t) => t.colors.onPrimary)};
  cursor: pointer;
  transition:
    background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)},
    border-color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover:not(:disabled) {
    border-color: ${th((t) => t.colors.primary)};
  }

  &[data-state='checked'],
  &[data-state='indeterminate'] {
    background: ${th((t) => t.colors.primary)};
    border-color: ${th((t) => t.colors.primary)};
  }

  &:disabled {
    cursor: not-allowed;
    background: ${th((t) => t.colors.bgDisabled)};
    border-color: ${th((t) => t.colors.border)};
    color: ${th((t) => t.colors.textDisabled)};
  }

  ${focusVisible}
`;

export const StyledCheckboxIndicator = styled(CheckboxPrimitive.Indicator)`
  display: inline-flex;
  font-size: 0.8em;
`;
