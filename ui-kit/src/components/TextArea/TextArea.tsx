import {
  forwardRef,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type TextareaHTMLAttributes,
} from 'react';
import { useT } from '../../i18n/I18nProvider';
import type { FieldStatus } from '../../internal/fieldStyles';
import type { ControlSize } from '../../theme/types';
import {
  StyledCount,
  StyledTextArea,
  StyledTextAreaFrame,
  type TextAreaResize,
} from './TextArea.styles';

export type { TextAreaResize };
export type TextAreaStatus = FieldStatus;

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  size?: ControlSize;
  status?: TextAreaStatus;
  /** 'auto' grows with the content up to maxRows. Defaults to 'vertical'. */
  resize?: TextAreaResize;
  /** Upper bound for resize="auto"; scrolls beyond it. */
  maxRows?: number;
  /** Shows "n / maxLength" (or just n) under the text. */
  showCount?: boolean;
  onValueChange?: (value: string) => void;
}

export type TextAreaState = 'disabled' | TextAreaStatus;

/** Multi-line input. className/style go to the frame; the ref and other props to <textarea>. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    size = 'md',
    status = 'default',
    resize = 'vertical',
    maxRows,
    showCount = false,
    disabled = false,
    rows = 3,
    className,
    style,
    value,
    defaultValue,
    maxLength,
    onChange,
    onValueChange,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const areaRef = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => areaRef.current as HTMLTextAreaElement);
  const [innerLength, setInnerLength] = useState(String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : innerLength;

  const fit = useCallback(() => {
    const el = areaRef.current;
    if (!el || resize !== 'auto') return;
    // Measure from scratch so the box can shrink as well as grow.
    el.style.height = 'auto';
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight) || 0;
    const limit = maxRows && lineHeight ? maxRows * lineHeight : Infinity;
    el.style.height = `${Math.min(el.scrollHeight, limit)}px`;
  }, [resize, maxRows]);

  useLayoutEffect(fit, [fit, value]);

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setInnerLength(event.target.value.length);
    onChange?.(event);
    onValueChange?.(event.target.value);
    fit();
  };

  return (
    <StyledTextAreaFrame
      className={className}
      style={style}
      data-state={disabled ? 'disabled' : status}
      $size={size}
      $status={status}
      $disabled={disabled}
    >
      <StyledTextArea
        ref={areaRef}
        rows={rows}
        disabled={disabled}
        value={value}
        defaultValue={defaultValue}
        maxLength={maxLength}
        onChange={handleChange}
        aria-invalid={status === 'error' || undefined}
        $resize={resize}
        {...rest}
      />
      {showCount && (
        <StyledCount data-part="count" aria-live="polite" $over={maxLength !== undefined && length > maxLength}>
          {maxLength !== undefined ? t('textArea.count', { count: length, max: maxLength }) : length}
        </StyledCount>
      )}
    </StyledTextAreaFrame>
  );
});
