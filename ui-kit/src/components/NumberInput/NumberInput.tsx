import {
  forwardRef,
  useEffect,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronDownIcon, ChevronUpIcon } from '../../internal/icons';
import type { FieldStatus } from '../../internal/fieldStyles';
import { useControllableState } from '../../internal/useControllableState';
import type { ControlSize } from '../../theme/types';
import {
  clamp,
  format,
  isAcceptableDraft,
  parseNumber,
  roundTo,
  stepValue,
} from './numberInputLogic';
import {
  StyledAffix,
  StyledNumberFrame,
  StyledNumberInput,
  StyledStepButton,
  StyledSteppers,
} from './NumberInput.styles';

export type NumberInputStatus = FieldStatus;
export type NumberInputControls = 'visible' | 'hidden';

export interface NumberInputProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'size' | 'prefix' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'min' | 'max' | 'step'
  > {
  /** null means empty. */
  value?: number | null;
  defaultValue?: number | null;
  /** Called with the parsed number while typing and with the clamped one on blur. */
  onValueChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Arrow keys and steppers move by this; Shift multiplies by 10. Defaults to 1. */
  step?: number;
  /** Fixed number of decimals (0 for integers such as quota). */
  precision?: number;
  size?: ControlSize;
  status?: NumberInputStatus;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Up/down stepper buttons. Defaults to 'visible'. */
  controls?: NumberInputControls;
}

export type NumberInputState = 'disabled' | NumberInputStatus;

export const NumberInput = forwardRef<HTMLInputElement, NumberInputProps>(function NumberInput(
  {
    value: valueProp,
    defaultValue = null,
    onValueChange,
    min,
    max,
    step = 1,
    precision,
    size = 'md',
    status = 'default',
    prefix,
    suffix,
    controls = 'visible',
    disabled = false,
    readOnly = false,
    className,
    style,
    onBlur,
    onKeyDown,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const [value, setValue] = useControllableState<number | null>(valueProp, defaultValue, onValueChange);
  const [draft, setDraft] = useState(() => format(value, precision));
  const [editing, setEditing] = useState(false);

  // Follow outside changes (controlled value) unless the user is mid-edit.
  useEffect(() => {
    if (!editing) setDraft(format(value, precision));
  }, [value, precision, editing]);

  const allowNegative = min === undefined || min < 0;
  const allowDecimal = precision === undefined || precision > 0;
  const interactive = !disabled && !readOnly;

  const commit = (next: number | null) => {
    const normalised = next === null ? null : clamp(roundTo(next, precision), min, max);
    if (normalised !== value) setValue(normalised);
    setDraft(format(normalised, precision));
  };

  const stepBy = (delta: number) => {
    if (!interactive) return;
    const next = stepValue(parseNumber(draft) ?? value, delta, { min, max, precision });
    setValue(next);
    setDraft(format(next, precision));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const factor = event.shiftKey ? 10 : 1;
    switch (event.key) {
      case 'ArrowUp':
        event.preventDefault();
        stepBy(step * factor);
        break;
      case 'ArrowDown':
        event.preventDefault();
        stepBy(-step * factor);
        break;
      case 'Home':
        if (min !== undefined) {
          event.preventDefault();
          commit(min);
        }
        break;
      case 'End':
        if (max !== undefined) {
          event.preventDefault();
          commit(max);
        }
        break;
      case 'Enter':
        commit(parseNumber(draft));
        break;
      default:
        break;
    }
  };

  const atMin = value !== null && min !== undefined && value <= min;
  const atMax = value !== null && max !== undefined && value >= max;

  return (
    <StyledNumberFrame
      className={className}
      style={style}
      data-state={disabled ? 'disabled' : status}
      $size={size}
      $status={status}
      $disabled={disabled}
    >
      {prefix !== undefined && <StyledAffix data-part="prefix">{prefix}</StyledAffix>}
      <StyledNumberInput
        ref={ref}
        type="text"
        // The frame decides the width; without this the native 20-character size makes the
        // field at least that wide in a table cell or a row (priority and weight columns).
        size={1}
        inputMode={allowDecimal ? 'decimal' : 'numeric'}
        role="spinbutton"
        autoComplete="off"
        aria-valuenow={value ?? undefined}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-invalid={status === 'error' || undefined}
        disabled={disabled}
        readOnly={readOnly}
        value={draft}
        onFocus={() => setEditing(true)}
        onChange={(event) => {
          const text = event.target.value;
          if (!isAcceptableDraft(text, allowNegative, allowDecimal)) return;
          setDraft(text);
          const parsed = parseNumber(text);
          if (text.trim() === '') setValue(null);
          else if (parsed !== null) setValue(parsed);
        }}
        onBlur={(event) => {
          setEditing(false);
          commit(draft.trim() === '' ? null : (parseNumber(draft) ?? value));
          onBlur?.(event);
        }}
        onKeyDown={handleKeyDown}
        {...rest}
      />
      {suffix !== undefined && <StyledAffix data-part="suffix">{suffix}</StyledAffix>}
      {controls === 'visible' && (
        <StyledSteppers>
          <StyledStepButton
            type="button"
            tabIndex={-1}
            aria-label={t('numberInput.increment')}
            disabled={!interactive || atMax}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => stepBy(step)}
          >
            <ChevronUpIcon />
          </StyledStepButton>
          <StyledStepButton
            type="button"
            tabIndex={-1}
            aria-label={t('numberInput.decrement')}
            disabled={!interactive || atMin}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => stepBy(-step)}
          >
            <ChevronDownIcon />
          </StyledStepButton>
        </StyledSteppers>
      )}
    </StyledNumberFrame>
  );
});
