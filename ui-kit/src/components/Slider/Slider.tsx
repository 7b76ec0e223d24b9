import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { Slider as SliderPrimitive } from 'radix-ui';
import { useControllableState } from '../../internal/useControllableState';
import {
  StyledSliderRange,
  StyledSliderRoot,
  StyledSliderThumb,
  StyledSliderTrack,
  StyledSliderValue,
  StyledSliderWrapper,
} from './Slider.styles';

export type SliderValueDisplay = 'none' | 'inline';

type RootProps = ComponentPropsWithoutRef<typeof SliderPrimitive.Root>;

export interface SliderProps
  extends Omit<RootProps, 'value' | 'defaultValue' | 'onValueChange' | 'onValueCommit'> {
  value?: number;
  defaultValue?: number;
  /** Fires while dragging or on each key press. */
  onValueChange?: (value: number) => void;
  /** Fires when the user releases the thumb (good for saving). */
  onValueCommit?: (value: number) => void;
  /** Show the current value to the right of the track. Defaults to 'none'. */
  valueDisplay?: SliderValueDisplay;
  formatValue?: (value: number) => string;
}

/**
 * Single-thumb slider (Radix): arrows step, PageUp/PageDown jump, Home/End go to the ends.
 * aria-label / aria-labelledby are moved onto the thumb, which carries role="slider".
 */
export const Slider = forwardRef<HTMLSpanElement, SliderProps>(function Slider(
  {
    value: valueProp,
    defaultValue,
    onValueChange,
    onValueCommit,
    min = 0,
    max = 100,
    step = 1,
    valueDisplay = 'none',
    formatValue = String,
    className,
    disabled,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    ...rest
  },
  ref,
) {
  const [value, setValue] = useControllableState<number>(valueProp, defaultValue ?? min, onValueChange);
  const root = (
    <StyledSliderRoot
      ref={ref}
      className={valueDisplay === 'none' ? className : undefined}
      min={min}
      max={max}
      step={step}
      disabled={disabled}
      value={[value]}
      onValueChange={(values) => {
        const next = values[0];
        if (next !== undefined) setValue(next);
      }}
      onValueCommit={(values) => {
        const next = values[0];
        if (next !== undefined) onValueCommit?.(next);
      }}
      {...rest}
    >
      <StyledSliderTrack>
        <StyledSliderRange />
      </StyledSliderTrack>
      <StyledSliderThumb
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-valuetext={formatValue(value)}
      />
    </StyledSliderRoot>
  );
  if (valueDisplay === 'none') return root;
  return (
    <StyledSliderWrapper className={className} data-disabled={disabled ? '' : undefined}>
      {root}
      <StyledSliderValue aria-hidden="true">{formatValue(value)}</StyledSliderValue>
    </StyledSliderWrapper>
  );
});
