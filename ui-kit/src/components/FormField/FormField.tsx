import {
  Children,
  cloneElement,
  forwardRef,
  isValidElement,
  useId,
  useLayoutEffect,
  useState,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import {
  StyledControl,
  StyledFormActions,
  StyledFormField,
  StyledFormGrid,
  StyledLabel,
  StyledMessage,
  StyledRequired,
  type FormFieldLayout,
} from './FormField.styles';

export type { FormFieldLayout };

export interface FormFieldProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Validation message; replaces nothing, shows under the control in the danger colour. */
  error?: ReactNode;
  required?: boolean;
  layout?: FormFieldLayout;
  /** Id of the control; generated when absent. */
  htmlFor?: string;
  /**
   * One form control (Input, TextArea, Select trigger, Switch, ...). It receives `id`,
   * `aria-describedby` and, with an error, `aria-invalid` and `status="error"`.
   */
  children: ReactElement<Record<string, unknown>>;
}

/** Elements a `<label for>` names (HTML's labelable elements). */
const labelableTags = new Set(['BUTTON', 'INPUT', 'METER', 'OUTPUT', 'PROGRESS', 'SELECT', 'TEXTAREA']);

/** A labelled form control with its hint and error, wired for screen readers. */
export const FormField = forwardRef<HTMLDivElement, FormFieldProps>(function FormField(
  { label, hint, error, required = false, layout = 'vertical', htmlFor, children, ...rest },
  ref,
) {
  const autoId = useId();
  const id = htmlFor ?? (typeof children.props.id === 'string' ? children.props.id : `field-${autoId}`);
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ') || undefined;
  const only = Children.only(children);
  // `<label for>` names only native labelable controls; a custom combobox (the kit's Select, a
  // div with role=combobox) is named from the label through aria-labelledby instead
  // (axe aria-input-field-name). The control's own aria-label / aria-labelledby win.
  const [nonNative, setNonNative] = useState(false);
  useLayoutEffect(() => {
    const el = document.getElementById(id);
    setNonNative(el !== null && !labelableTags.has(el.tagName));
  }, [id]);
  const ownName = only.props['aria-label'] !== undefined || only.props['aria-labelledby'] !== undefined;
  const control = isValidElement(only)
    ? cloneElement(only, {
        id,
        'aria-describedby': describedBy,
        ...(hasError ? { 'aria-invalid': true, status: 'error' } : {}),
        ...(required ? { 'aria-required': true } : {}),
        ...(nonNative && !ownName ? { 'aria-labelledby': labelId } : {}),
      })
    : only;
  return (
    <StyledFormField ref={ref} $layout={layout} data-state={hasError ? 'error' : 'default'} {...rest}>
      <StyledLabel id={labelId} htmlFor={id}>
        {label}
        {required && <StyledRequired aria-hidden="true">*</StyledRequired>}
      </StyledLabel>
      <StyledControl>
        {control}
        {hint && (
          <StyledMessage id={hintId} $tone="hint">
            {hint}
          </StyledMessage>
        )}
        {hasError && (
          <StyledMessage id={errorId} $tone="error" role="alert">
            {error}
          </StyledMessage>
        )}
      </StyledControl>
    </StyledFormField>
  );
});

export interface FormGridProps extends HTMLAttributes<HTMLDivElement> {
  /** Columns on wide screens; always one column below 720 px. */
  columns?: 1 | 2 | 3;
}

/** Lays out FormFields in responsive columns. */
export const FormGrid = forwardRef<HTMLDivElement, FormGridProps>(function FormGrid({ columns = 2, ...rest }, ref) {
  return <StyledFormGrid ref={ref} $columns={columns} {...rest} />;
});

/** A row of form buttons that wraps on narrow screens. */
export const FormActions = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function FormActions(props, ref) {
  return <StyledFormActions ref={ref} {...props} />;
});
