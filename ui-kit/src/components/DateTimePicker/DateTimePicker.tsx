import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { useControllableState } from '../../internal/useControllableState';
import type { ControlSize } from '../../theme/types';
import { Input, type InputStatus } from '../Input/Input';
import { StyledInputSlot, StyledPicker } from './DateTimePicker.styles';
import {
  fromInputValue,
  inputStep,
  inputType,
  toInputValue,
  type DateTimePrecision,
} from './dateTimeValue';
import { PresetButtons } from './PresetButtons';

export type { DateTimePrecision };

export interface DateTimePreset {
  label: ReactNode;
  /** Evaluated on click, so "now" is the click time. */
  value: () => Date;
}

export interface DateTimePickerProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'onChange'> {
  value?: Date | null;
  defaultValue?: Date | null;
  onValueChange?: (value: Date | null) => void;
  /** 'minute' (default), 'second' or 'date' (no time). */
  precision?: DateTimePrecision;
  min?: Date;
  max?: Date;
  size?: ControlSize;
  status?: InputStatus;
  disabled?: boolean;
  clearable?: boolean;
  /** Quick buttons that set a computed value, e.g. "now", "start of today". */
  presets?: readonly DateTimePreset[];
  /** Free slot next to the presets for any other quick buttons. */
  quickButtons?: ReactNode;
  /** Accessible name of the input; defaults to "日期时间". */
  label?: string;
  /** Form field name (the native local-time string is submitted). */
  name?: string;
  id?: string;
}

/** Date and time input on the native picker (local time), with optional quick buttons. */
export const DateTimePicker = forwardRef<HTMLInputElement, DateTimePickerProps>(function DateTimePicker(
  {
    value: valueProp,
    defaultValue = null,
    onValueChange,
    precision = 'minute',
    min,
    max,
    size = 'md',
    status,
    disabled = false,
    clearable = false,
    presets,
    quickButtons,
    label,
    name,
    id,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const [value, setValue] = useControllableState<Date | null>(valueProp, defaultValue, onValueChange);
  return (
    <StyledPicker data-state={value ? 'filled' : 'empty'} {...rest}>
      <StyledInputSlot>
        <Input
          ref={ref}
          id={id}
          name={name}
          type={inputType(precision)}
          step={inputStep(precision)}
          size={size}
          status={status}
          disabled={disabled}
          clearable={clearable}
          aria-label={label ?? t('dateTimePicker.label')}
          min={min ? toInputValue(min, precision) : undefined}
          max={max ? toInputValue(max, precision) : undefined}
          value={toInputValue(value, precision)}
          onValueChange={(text) => setValue(fromInputValue(text))}
        />
      </StyledInputSlot>
      <PresetButtons presets={presets} quickButtons={quickButtons} disabled={disabled} onPick={setValue} />
    </StyledPicker>
  );
});
