import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { StyledChoiceLabel } from '../../internal/choiceLabel';
import { CheckIcon, MinusIcon } from '../../internal/icons';
import type { ControlSize } from '../../theme/types';
import { StyledCheckboxIndicator, StyledCheckboxRoot } from './Checkbox.styles';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends ComponentPropsWithoutRef<typeof CheckboxPrimitive.Root> {
  size?: ControlSize;
  /** Visible label; when given, className applies to the label row. */
  label?: ReactNode;
}

/**
 * Checkbox (Radix): role="checkbox", Space toggles, supports 'indeterminate' for
 * "select all" headers. data-state is checked | unchecked | indeterminate.
 */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { size = 'md', label, className, id, disabled, checked, ...rest },
  ref,
) {
  const autoId = useId();
  const boxId = id ?? autoId;
  const control = (
    <StyledCheckboxRoot
      ref={ref}
      id={boxId}
      disabled={disabled}
      checked={checked}
      className={label === undefined ? className : undefined}
      $size={size}
      {...rest}
    >
      <StyledCheckboxIndicator>
        {checked === 'indeterminate' ? <MinusIcon strokeWidth={3} /> : <CheckIcon strokeWidth={3} />}
      </StyledCheckboxIndicator>
    </StyledCheckboxRoot>
  );
  if (label === undefined) return control;
  return (
    <StyledChoiceLabel htmlFor={boxId} className={className} $disabled={Boolean(disabled)}>
      {control}
      <span>{label}</span>
    </StyledChoiceLabel>
  );
});
