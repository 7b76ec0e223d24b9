import {
  forwardRef,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ClearIcon, EyeIcon, EyeOffIcon } from '../../internal/icons';
import type { FieldStatus } from '../../internal/fieldStyles';
import type { ControlSize } from '../../theme/types';
import { StyledAffix, StyledFieldButton, StyledInput, StyledInputFrame } from './Input.styles';

export type InputStatus = FieldStatus;
export type InputSize = ControlSize;

export interface InputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  size?: InputSize;
  /** Validation look; 'error' also sets aria-invalid. */
  status?: InputStatus;
  /** Content before the text (icon, currency sign). */
  prefix?: ReactNode;
  /** Content after the text (unit, icon). */
  suffix?: ReactNode;
  /** Shows a clear button while there is text. */
  clearable?: boolean;
  /** Convenience: receives the string value on every change. */
  onValueChange?: (value: string) => void;
}

export type InputState = 'disabled' | InputStatus;

/** Sets a native value the way the browser would, so React's onChange fires. */
function setNativeValue(element: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Text input. `className`/`style` go to the outer frame (what you lay out); every other
 * prop, and the ref, go to the native <input> (what forms and tests talk to).
 */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  {
    size = 'md',
    status = 'default',
    prefix,
    suffix,
    clearable = false,
    disabled = false,
    className,
    style,
    type = 'text',
    value,
    defaultValue,
    onChange,
    onValueChange,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLInputElement);
  const [revealed, setRevealed] = useState(false);
  // Uncontrolled inputs still need to know whether to show the clear button.
  const [innerLength, setInnerLength] = useState(String(defaultValue ?? '').length);
  const hasText = value !== undefined ? String(value).length > 0 : innerLength > 0;
  const state: InputState = disabled ? 'disabled' : status;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setInnerLength(event.target.value.length);
    onChange?.(event);
    onValueChange?.(event.target.value);
  };

  const isPassword = type === 'password';
  return (
    <StyledInputFrame
      className={className}
      style={style}
      data-state={state}
      $size={size}
      $status={status}
      $disabled={disabled}
    >
      {prefix !== undefined && <StyledAffix data-part="prefix">{prefix}</StyledAffix>}
      <StyledInput
        ref={inputRef}
        type={isPassword && revealed ? 'text' : type}
        disabled={disabled}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        aria-invalid={status === 'error' || undefined}
        {...rest}
      />
      {clearable && hasText && !disabled && (
        <StyledFieldButton
          type="button"
          aria-label={t('input.clear')}
          // Keep focus in the input: clearing is usually followed by typing.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (inputRef.current) {
              setNativeValue(inputRef.current, '');
              inputRef.current.focus();
            }
          }}
        >
          <ClearIcon />
        </StyledFieldButton>
      )}
      {isPassword && (
        <StyledFieldButton
          type="button"
          aria-label={revealed ? t('input.hidePassword') : t('input.showPassword')}
          aria-pressed={revealed}
          disabled={disabled}
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? <EyeOffIcon /> : <EyeIcon />}
        </StyledFieldButton>
      )}
      {suffix !== undefined && <StyledAffix data-part="suffix">{suffix}</StyledAffix>}
    </StyledInputFrame>
  );
});
