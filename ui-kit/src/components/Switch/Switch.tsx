import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { Switch as SwitchPrimitive } from 'radix-ui';
import { StyledChoiceLabel } from '../../internal/choiceLabel';
import { SpinnerIcon } from '../../internal/icons';
import type { ControlSize } from '../../theme/types';
import { StyledSwitchRoot, StyledSwitchThumb, StyledThumbSpinner } from './Switch.styles';

export interface SwitchProps extends ComponentPropsWithoutRef<typeof SwitchPrimitive.Root> {
  size?: ControlSize;
  /** Visible label; when given, className applies to the label row. */
  label?: ReactNode;
  /** Shows a spinner in the thumb and blocks toggling (e.g. while saving). */
  loading?: boolean;
}

/** On/off toggle (Radix Switch): role="switch", Space/Enter toggle, data-state checked|unchecked. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { size = 'md', label, loading = false, disabled, className, id, ...rest },
  ref,
) {
  const autoId = useId();
  const switchId = id ?? autoId;
  const isDisabled = disabled || loading;
  const control = (
    <StyledSwitchRoot
      ref={ref}
      id={switchId}
      disabled={isDisabled}
      aria-busy={loading || undefined}
      className={label === undefined ? className : undefined}
      $size={size}
      {...rest}
    >
      <StyledSwitchThumb $size={size}>
        {loading && (
          <StyledThumbSpinner>
            <SpinnerIcon />
          </StyledThumbSpinner>
        )}
      </StyledSwitchThumb>
    </StyledSwitchRoot>
  );
  if (label === undefined) return control;
  return (
    <StyledChoiceLabel htmlFor={switchId} className={className} $disabled={Boolean(isDisabled)}>
      {control}
      <span>{label}</span>
    </StyledChoiceLabel>
  );
});
