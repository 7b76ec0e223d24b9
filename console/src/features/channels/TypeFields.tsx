import { Banner, Button, FormField, Input, Stack, TextArea } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { fieldOf, textIn, type ChannelType, type ChannelTypeField } from './channelTypes';
import type { ChannelForm } from './channelForm';

interface Props {
  form: ChannelForm;
  set: (patch: Partial<ChannelForm>) => void;
  /** The picked type's catalogue entry (GET /api/channel/types). */
  type: ChannelType | undefined;
}

const FORM_KEY = { base_url: 'baseUrl', other: 'other', openai_organization: 'organization' } as const;

/** One catalogue field, bound to its form value. */
function CatalogueField({ form, set, field }: Omit<Props, 'type'> & { field: ChannelTypeField }) {
  const { t, locale } = useT();
  const key = FORM_KEY[field.name];
  const label = textIn(field.label, locale);
  const placeholder = field.placeholder ? textIn(field.placeholder, locale) : undefined;
  const hint = field.hint ? textIn(field.hint, locale) : undefined;
  const template = field.template;
  if (field.input === 'multiline') {
    return (
      <Stack gap={1}>
        <FormField label={label} hint={hint}>
          <TextArea rows={4} value={form[key]} placeholder={placeholder} onValueChange={(v) => set({ [key]: v })} />
        </FormField>
        {template !== undefined ? (
          <Stack direction="row" gap={2}>
            <Button size="sm" variant="link" onClick={() => set({ [key]: template })}>
              {t('console.channels.extras.vertexTemplate')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    );
  }
  return (
    <FormField label={label} hint={hint}>
      <Input value={form[key]} placeholder={placeholder} onValueChange={(v) => set({ [key]: v })} />
    </FormField>
  );
}

/**
 * The type's notices and its own fields from the catalogue: an own address field (replacing the
 * generic proxy field) and the `other` setting. A type the relay does not serve yet says so.
 */
export function TypeExtras({ form, set, type }: Props) {
  const { t, locale } = useT();
  const fields = type?.fields.filter((f) => f.name !== 'openai_organization') ?? [];
  const planned = type?.relay === 'planned';
  if (!type || (fields.length === 0 && !type.warning && !planned)) return null;
  return (
    <Stack gap={3}>
      {planned ? <Banner type="info">{t('console.channels.extras.planned')}</Banner> : null}
      {type.warning ? <Banner type="warning">{textIn(type.warning, locale)}</Banner> : null}
      {fields.map((f) => (
        <CatalogueField key={f.name} form={form} set={set} field={f} />
      ))}
    </Stack>
  );
}

/** The OpenAI organization, for types whose catalogue entry has that field. */
export function OrganizationField({ form, set, type }: Props) {
  const field = fieldOf(type, 'openai_organization');
  return field ? <CatalogueField form={form} set={set} field={field} /> : null;
}

/** The generic proxy (base URL) field; types with their own address field hide it. */
export function ProxyField({ form, set, type }: Props) {
  const { t } = useT();
  if (fieldOf(type, 'base_url')) return null;
  return (
    <FormField label={t('console.channels.fields.baseUrl')}>
      <Input value={form.baseUrl} placeholder={t('console.channels.fields.baseUrlPlaceholder')} onValueChange={(baseUrl) => set({ baseUrl })} />
    </FormField>
  );
}

/** The key: one line, several lines in batch mode, a JSON document for a JSON-key type (Vertex AI). */
export function KeyField({ form, set, type, creating, error }: Props & { creating: boolean; error?: string }) {
  const { t, locale } = useT();
  const json = type?.key_format === 'json';
  const hint = type?.key_hint
    ? textIn(type.key_hint, locale)
    : form.batch
      ? t('console.channels.fields.batchHint')
      : creating
        ? undefined
        : t('console.channels.fields.keyEditHint');
  const multiline = form.batch || json;
  return (
    <FormField label={t('console.channels.fields.key')} required={creating} hint={hint} error={error}>
      {multiline ? (
        <TextArea
          rows={json ? 6 : 4}
          value={form.key}
          placeholder={t(form.batch ? 'console.channels.fields.keyBatchPlaceholder' : 'console.channels.fields.keyPlaceholder')}
          onValueChange={(key) => set({ key })}
          autoComplete="off"
          spellCheck={false}
        />
      ) : (
        <Input value={form.key} placeholder={t('console.channels.fields.keyPlaceholder')} onValueChange={(key) => set({ key })} autoComplete="off" />
      )}
    </FormField>
  );
}
