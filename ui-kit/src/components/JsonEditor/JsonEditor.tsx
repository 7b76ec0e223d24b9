import { forwardRef, useId, useState, type FocusEvent, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { TextArea, type TextAreaProps } from '../TextArea';
import { StyledJsonError, StyledJsonEditor } from './JsonEditor.styles';

/** What the text must hold: any JSON value, an object, or a list. */
export type JsonShape = 'any' | 'object' | 'array';

/** True when `text` parses as JSON of the given shape. */
export function isValidJson(text: string, shape: JsonShape = 'any'): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  if (shape === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  if (shape === 'array') return Array.isArray(value);
  return true;
}

/** The text pretty-printed with two-space indents, or unchanged when it is not JSON. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export interface JsonEditorProps extends Omit<TextAreaProps, 'resize' | 'showCount'> {
  shape?: JsonShape;
  /** Text shown when the JSON is invalid; defaults to the kit's "not a valid JSON string". */
  invalidMessage?: ReactNode;
  /** Empty text counts as valid (an unset value). Defaults to false. */
  allowEmpty?: boolean;
  /** Called after each check (on blur, and while typing once found invalid). */
  onValidityChange?: (valid: boolean) => void;
}

/**
 * A TextArea for JSON: checks the text when it loses focus and shows the error under it until the
 * text parses again. `status="error"` from outside (a form's failed save) shows the message too.
 * Pretty-printing on load is the caller's (see `prettyJson`), so an untouched value stays unchanged.
 */
export const JsonEditor = forwardRef<HTMLTextAreaElement, JsonEditorProps>(function JsonEditor(
  {
    shape = 'any',
    invalidMessage,
    allowEmpty = false,
    onValidityChange,
    status = 'default',
    rows = 8,
    className,
    style,
    onBlur,
    onValueChange,
    'aria-describedby': describedBy,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const errorId = `${useId()}-json-error`;
  const [invalid, setInvalid] = useState(false);

  const check = (text: string) => {
    const ok = (allowEmpty && text.trim() === '') || isValidJson(text, shape);
    setInvalid(!ok);
    onValidityChange?.(ok);
  };

  const showError = invalid || status === 'error';
  return (
    <StyledJsonEditor className={className} style={style} data-state={showError ? 'invalid' : 'valid'}>
      <TextArea
        ref={ref}
        rows={rows}
        spellCheck={false}
        status={showError ? 'error' : status}
        aria-describedby={[describedBy, showError ? errorId : null].filter(Boolean).join(' ') || undefined}
        onBlur={(event: FocusEvent<HTMLTextAreaElement>) => {
          check(event.target.value);
          onBlur?.(event);
        }}
        onValueChange={(text) => {
          if (invalid) check(text);
          onValueChange?.(text);
        }}
        {...rest}
      />
      {showError && (
        <StyledJsonError id={errorId} role="alert">
          {invalidMessage ?? t('jsonEditor.invalid')}
        </StyledJsonError>
      )}
    </StyledJsonEditor>
  );
});
