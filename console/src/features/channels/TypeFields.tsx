import { Banner, Button, FormField, Input, Stack, TextArea } from '@sluice/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import { KEY_HINT_TYPES, OWN_ADDRESS_TYPES, VERTEX_REGION_TEMPLATE } from './channelTypes';
import type { ChannelForm } from './channelForm';

interface Props {
  form: ChannelForm;
  set: (patch: Partial<ChannelForm>) => void;
}

/** The type's own address field (types 3, 8, 22, 36), its warnings and its `other` setting. */
export function TypeExtras({ form, set }: Props) {
  const { t } = useT();
  const x = (k: string) => t(`console.channels.extras.${k}` as MessageKey);
  type Extra = string;
  const address = (label: Extra, placeholder: Extra) => (
    <FormField label={x(label)}>
      <Input value={form.baseUrl} placeholder={x(placeholder)} onValueChange={(baseUrl) => set({ baseUrl })} />
    </FormField>
  );
  const other = (label: Extra, placeholder: Extra) => (
    <FormField label={x(label)}>
      <Input value={form.other} placeholder={x(placeholder)} onValueChange={(v) => set({ other: v })} />
    </FormField>
  );
  switch (form.type) {
    case 3:
      return (
        <Stack gap={3}>
          <Banner type="warning">{x('azureWarning')}</Banner>
          {address('azureEndpoint', 'azureEndpointPlaceholder')}
          {other('azureVersion', 'azureVersionPlaceholder')}
        </Stack>
      );
    case 8:
      return (
        <Stack gap={3}>
          <Banner type="warning">{x('customWarning')}</Banner>
          {address('customUrl', 'customUrlPlaceholder')}
        </Stack>
      );
    case 18:
      return other('sparkVersion', 'sparkVersionPlaceholder');
    case 21:
      return other('knowledgeId', 'knowledgeIdPlaceholder');
    case 22:
      return address('fastgptUrl', 'fastgptUrlPlaceholder');
    case 36:
      return (
        <Stack gap={3}>
          <Banner type="warning">{x('sunoWarning')}</Banner>
          {address('sunoUrl', 'sunoUrlPlaceholder')}
        </Stack>
      );
    case 39:
      return other('accountId', 'accountIdPlaceholder');
    case 41:
      return (
        <Stack gap={1}>
          <FormField label={x('vertexRegion')} hint={x('vertexRegionHint')}>
            <TextArea rows={4} value={form.other} placeholder={x('vertexRegionPlaceholder')} onValueChange={(v) => set({ other: v })} />
          </FormField>
          <Stack direction="row" gap={2}>
            <Button size="sm" variant="link" onClick={() => set({ other: VERTEX_REGION_TEMPLATE })}>
              {x('vertexTemplate')}
            </Button>
          </Stack>
        </Stack>
      );
    default:
      return null;
  }
}

/** The generic proxy (base URL) field; types with their own address field hide it. */
export function ProxyField({ form, set }: Props) {
  const { t } = useT();
  if (OWN_ADDRESS_TYPES.includes(form.type)) return null;
  return (
    <FormField label={t('console.channels.fields.baseUrl')}>
      <Input value={form.baseUrl} placeholder={t('console.channels.fields.baseUrlPlaceholder')} onValueChange={(baseUrl) => set({ baseUrl })} />
    </FormField>
  );
}

/** The key: one line, several lines in batch mode, a JSON document for Vertex AI. */
export function KeyField({ form, set, creating, error }: Props & { creating: boolean; error?: string }) {
  const { t } = useT();
  const hint =
    form.type === 41
      ? t('console.channels.extras.vertexKeyHint')
      : KEY_HINT_TYPES.includes(form.type)
        ? t(`console.channels.keyHints.k${form.type}` as MessageKey)
        : form.batch
          ? t('console.channels.fields.batchHint')
          : creating
            ? undefined
            : t('console.channels.fields.keyEditHint');
  const multiline = form.batch || form.type === 41;
  return (
    <FormField label={t('console.channels.fields.key')} required={creating} hint={hint} error={error}>
      {multiline ? (
        <TextArea
          rows={form.type === 41 ? 6 : 4}
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
