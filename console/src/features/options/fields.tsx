// Option fields bound to a section's form: each one a labelled kit control whose value is the
// option's text (numbers and booleans included, as they are sent).
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import {
  FormField,
  Input,
  JsonEditor,
  NumberInput,
  Select,
  Switch,
  TextArea,
  isValidJson,
  useT,
  type JsonShape,
  type MessageKey,
  type SelectOption,
} from '@sluice/ui-kit';
import type { OptionForm } from './useOptionForm';

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

export function OptionInput<K extends string>({
  opt,
  name,
  label,
  hint,
  disabled,
  secret = false,
  placeholder,
}: FieldProps<K> & { secret?: boolean; placeholder?: string }) {
  const { t } = useT();
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      render={({ field }) => (
        <FormField label={text} hint={hint}>
          <Input
            name={field.name}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            type={secret ? 'password' : 'text'}
            autoComplete={secret ? 'new-password' : 'off'}
            placeholder={secret ? t('console.options.common.secretPlaceholder') : placeholder}
          />
        </FormField>
      )}
    />
  );
}

export function OptionNumber<K extends string>({
  opt,
  name,
  label,
  hint,
  disabled,
  min = 0,
  max,
  step = 1,
  precision,
}: FieldProps<K> & { min?: number; max?: number; step?: number; precision?: number }) {
  const { t } = useT();
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      rules={{
        validate: (value: string | undefined) => {
          if (value === undefined || value.trim() === '') return t('console.options.validation.required');
          const n = Number(value);
          if (n < min) return t('console.options.validation.min', { min });
          if (max !== undefined && n > max) return t('console.options.validation.max', { max });
          return true;
        },
      }}
      render={({ field, fieldState }) => (
        <FormField label={text} hint={hint} error={fieldState.error?.message}>
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
        </FormField>
      )}
    />
  );
}

export function OptionText<K extends string>({ opt, name, label, hint, disabled, rows = 6 }: FieldProps<K> & { rows?: number }) {
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      render={({ field }) => (
        <FormField label={text} hint={hint}>
          <TextArea
            name={field.name}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            // Spec §5: text areas between 6 and 12 rows.
            rows={Math.min(12, Math.max(6, rows))}
          />
        </FormField>
      )}
    />
  );
}

export function OptionJson<K extends string>({
  opt,
  name,
  label,
  hint,
  disabled,
  shape = 'object',
  invalidMessage,
}: FieldProps<K> & { shape?: JsonShape; invalidMessage?: string }) {
  const { t } = useT();
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      rules={{
        validate: (value: string | undefined) =>
          isValidJson(value ?? '', shape) || (invalidMessage ?? t('jsonEditor.invalid')),
      }}
      render={({ field, fieldState }) => (
        // The editor shows its own message on blur; the form's failed check marks it too.
        <FormField label={text} hint={hint}>
          <JsonEditor
            name={field.name}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
            disabled={disabled}
            shape={shape}
            invalidMessage={invalidMessage}
            status={fieldState.error ? 'error' : 'default'}
            rows={10}
          />
        </FormField>
      )}
    />
  );
}

export function OptionSelect<K extends string>({ opt, name, label, hint, disabled, options }: FieldProps<K> & { options: SelectOption[] }) {
  const text = useLabel(name, label);
  return (
    <Controller
      control={opt.control}
      name={opt.field(name)}
      render={({ field }) => (
        <FormField label={text} hint={hint}>
          <Select options={options} value={field.value ?? null} onValueChange={(v) => field.onChange(v ?? '')} disabled={disabled} name={field.name} />
        </FormField>
      )}
    />
  );
}
