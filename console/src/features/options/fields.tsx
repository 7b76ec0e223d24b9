// Option fields bound to a section's form: each one a labelled kit control whose value is the
// option's text (numbers and booleans included, as they are sent).
import type { ReactElement, ReactNode } from 'react';
import { Controller, type ControllerRenderProps } from 'react-hook-form';
import {
  FormField,
  Input,
  JsonEditor,
  NumberInput,
  Select,
  Stack,
  Switch,
  TextArea,
  isValidJson,
  type JsonShape,
  type SelectOption,
} from '@sluice/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import type { OptionForm, OptionValues } from './useOptionForm';

interface FieldProps<K extends string> {
  opt: OptionForm<K>;
  name: K;
  /** Defaults to the key's label in the catalogue. */
  label?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** The catalogue label of an option key (dots become underscores). */
function useLabel(name: string, label?: string): string {
  const { t } = useT();
  return label ?? t(`console.options.fields.${name.replace(/\./g, '_')}` as MessageKey);
}

export function OptionSwitch<K extends string>({ opt, name, label, hint, disabled, onToggle }: FieldProps<K> & { onToggle?: (on: boolean) => void }) {
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      render={({ field }) => {
        const toggle = (on: boolean) => {
          field.onChange(String(on));
          onToggle?.(on);
        };
        return hint === undefined ? (
          <Switch label={text} checked={field.value === 'true'} onCheckedChange={toggle} disabled={disabled} name={field.name} />
        ) : (
          <FormField label={text} hint={hint}>
            <Switch checked={field.value === 'true'} onCheckedChange={toggle} disabled={disabled} name={field.name} />
          </FormField>
        );
      }}
    />
  );
}

/** A column of switches, one per key, in the order given. */
export function OptionSwitches<K extends string>({ opt, names }: { opt: OptionForm<K>; names: readonly K[] }) {
  return (
    <Stack gap={3}>
      {names.map((name) => (
        <OptionSwitch key={name} opt={opt} name={name} />
      ))}
    </Stack>
  );
}

/** What a text control (input, text area, JSON editor) takes from its bound field. */
function textBinding(field: ControllerRenderProps<OptionValues, string>) {
  return { name: field.name, value: field.value ?? '', onValueChange: field.onChange, onBlur: field.onBlur };
}

/** An option key bound to the section's form, in a FormField with the key's label. */
function BoundOption<K extends string>({
  opt,
  name,
  label,
  hint,
  validate,
  showError = false,
  children,
}: Omit<FieldProps<K>, 'disabled'> & {
  validate?: (value: string | undefined) => string | true;
  /** The check's message under the control (some controls show their own). */
  showError?: boolean;
  children: (field: ControllerRenderProps<OptionValues, string>, invalid: boolean) => ReactElement<Record<string, unknown>>;
}) {
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      rules={validate ? { validate } : undefined}
      render={({ field, fieldState }) => (
        <FormField label={text} hint={hint} error={showError ? fieldState.error?.message : undefined}>
          {children(field, fieldState.error !== undefined)}
        </FormField>
      )}
    />
  );
}

export function OptionInput<K extends string>({
  disabled,
  secret = false,
  placeholder,
  validate,
  ...bound
}: FieldProps<K> & { secret?: boolean; placeholder?: string; validate?: (value: string | undefined) => string | true }) {
  const { t } = useT();
  return (
    <BoundOption {...bound} {...(validate ? { validate, showError: true } : {})}>
      {(field, invalid) => (
        <Input
          {...textBinding(field)}
          status={invalid ? 'error' : 'default'}
          disabled={disabled}
          type={secret ? 'password' : 'text'}
          autoComplete={secret ? 'new-password' : 'off'}
          placeholder={secret ? t('console.options.common.secretPlaceholder') : placeholder}
        />
      )}
    </BoundOption>
  );
}

export function OptionNumber<K extends string>({
  disabled,
  min = 0,
  max,
  step = 1,
  precision,
  ...bound
}: FieldProps<K> & { min?: number; max?: number; step?: number; precision?: number }) {
  const { t } = useT();
  const validate = (value: string | undefined) => {
    if (value === undefined || value.trim() === '') return t('console.options.validation.required');
    const n = Number(value);
    if (n < min) return t('console.options.validation.min', { min });
    if (max !== undefined && n > max) return t('console.options.validation.max', { max });
    return true;
  };
  return (
    <BoundOption {...bound} validate={validate} showError>
      {(field) => (
        <NumberInput
          name={field.name}
          value={field.value === undefined || field.value === '' ? null : Number(field.value)}
          // Numbers travel as text.
          onValueChange={(n) => field.onChange(n === null ? '' : String(n))}
          onBlur={field.onBlur}
          min={min}
          max={max}
          step={step}
          precision={precision}
          disabled={disabled}
        />
      )}
    </BoundOption>
  );
}

export function OptionText<K extends string>({ disabled, rows = 6, ...bound }: FieldProps<K> & { rows?: number }) {
  return (
    <BoundOption {...bound}>
      {(field) => (
        <TextArea
          {...textBinding(field)}
          disabled={disabled}
          // Spec §5: text areas between 6 and 12 rows.
          rows={Math.min(12, Math.max(6, rows))}
        />
      )}
    </BoundOption>
  );
}

export function OptionJson<K extends string>({
  disabled,
  shape = 'object',
  invalidMessage,
  ...bound
}: FieldProps<K> & { shape?: JsonShape; invalidMessage?: string }) {
  const { t } = useT();
  const validate = (value: string | undefined) => isValidJson(value ?? '', shape) || (invalidMessage ?? t('jsonEditor.invalid'));
  // The editor shows its own message on blur; the form's failed check marks it too.
  return (
    <BoundOption {...bound} validate={validate}>
      {(field, invalid) => (
        <JsonEditor
          {...textBinding(field)}
          disabled={disabled}
          shape={shape}
          invalidMessage={invalidMessage}
          status={invalid ? 'error' : 'default'}
          rows={10}
        />
      )}
    </BoundOption>
  );
}

export function OptionSelect<K extends string>({ disabled, options, ...bound }: FieldProps<K> & { options: SelectOption[] }) {
  return (
    <BoundOption {...bound}>
      {(field) => <Select options={options} value={field.value ?? null} onValueChange={(v) => field.onChange(v ?? '')} disabled={disabled} name={field.name} />}
    </BoundOption>
  );
}
