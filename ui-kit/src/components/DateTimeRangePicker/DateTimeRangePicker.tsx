import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { useControllableState } from '../../internal/useControllableState';
import type { ControlSize } from '../../theme/types';
import { Input } from '../Input/Input';
import {
  fromInputValue,
  inputStep,
  inputType,
  toInputValue,
  truncate,
  type DateTimePrecision,
} from '../DateTimePicker/dateTimeValue';
import { PresetButtons } from '../DateTimePicker/PresetButtons';
import { StyledError, StyledInputSlot, StyledInputs, StyledRangePicker, StyledSeparator } from './DateTimeRangePicker.styles';

export interface DateTimeRange {
  start: Date | null;
  end: Date | null;
}

export interface DateTimeRangePreset {
  label: ReactNode;
  /** Evaluated on click, e.g. "last 7 days" ending now. */
  value: () => DateTimeRange;
}

export interface DateTimeRangePickerProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'onChange'> {
  value?: DateTimeRange;
  defaultValue?: DateTimeRange;
  onValueChange?: (value: DateTimeRange) => void;
  precision?: DateTimePrecision;
  min?: Date;
  max?: Date;
  size?: ControlSize;
  disabled?: boolean;
  clearable?: boolean;
  presets?: readonly DateTimeRangePreset[];
  /** Free slot for other quick buttons. */
  quickButtons?: ReactNode;
  /** Accessible names; default "开始时间" and "结束时间". */
  startLabel?: string;
  endLabel?: string;
  /** Form field names for the two native inputs. */
  startName?: string;
  endName?: string;
}

const EMPTY_RANGE: DateTimeRange = { start: null, end: null };

/** True unless both ends are set and the end is before the start (at the shown precision). */
export function isRangeValid(range: DateTimeRange, precision: DateTimePrecision = 'second'): boolean {
  if (!range.start || !range.end) return true;
  return truncate(range.end, precision).getTime() >= truncate(range.start, precision).getTime();
}

/**
 * Start and end date-time inputs (native pickers, local time) with quick-range buttons.
 * An end before the start is flagged on the end input and announced; the value is still
 * reported so forms can decide what to do.
 */
export const DateTimeRangePicker = forwardRef<HTMLDivElement, DateTimeRangePickerProps>(function DateTimeRangePicker(
  {
    value: valueProp,
    defaultValue = EMPTY_RANGE,
    onValueChange,
    precision = 'minute',
    min,
    max,
    size = 'md',
    disabled = false,
    clearable = false,
    presets,
    quickButtons,
    startLabel,
    endLabel,
    startName,
    endName,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const errorId = useId();
  const [range, setRange] = useControllableState<DateTimeRange>(valueProp, defaultValue, onValueChange);
  const valid = isRangeValid(range, precision);
  const bound = (date: Date | null | undefined): string | undefined =>
    date ? toInputValue(date, precision) : undefined;

  return (
    <StyledRangePicker ref={ref} data-state={valid ? 'valid' : 'invalid'} {...rest}>
      <StyledInputs>
        <StyledInputSlot>
          <Input
            type={inputType(precision)}
            step={inputStep(precision)}
            name={startName}
            size={size}
            disabled={disabled}
            clearable={clearable}
            aria-label={startLabel ?? t('dateTimePicker.start')}
            min={bound(min)}
            max={bound(range.end ?? max)}
            value={toInputValue(range.start, precision)}
            onValueChange={(text) => setRange({ ...range, start: fromInputValue(text) })}
          />
        </StyledInputSlot>
        <StyledSeparator aria-hidden="true">{t('dateTimePicker.separator')}</StyledSeparator>
        <StyledInputSlot>
          <Input
            type={inputType(precision)}
            step={inputStep(precision)}
            name={endName}
            size={size}
            disabled={disabled}
            clearable={clearable}
            status={valid ? 'default' : 'error'}
            aria-label={endLabel ?? t('dateTimePicker.end')}
            aria-describedby={valid ? undefined : errorId}
            min={bound(range.start ?? min)}
            max={bound(max)}
            value={toInputValue(range.end, precision)}
            onValueChange={(text) => setRange({ ...range, end: fromInputValue(text) })}
          />
        </StyledInputSlot>
      </StyledInputs>
      {valid ? null : (
        <StyledError id={errorId} role="alert">
          {t('dateTimePicker.invalidRange')}
        </StyledError>
      )}
      <PresetButtons presets={presets} quickButtons={quickButtons} disabled={disabled} onPick={setRange} />
    </StyledRangePicker>
  );
});
