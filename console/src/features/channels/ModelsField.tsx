import { useState } from 'react';
import { Button, FormField, Input, Select, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import type { ChannelType } from './channelTypes';
import { addCustom, union, type ChannelForm, type TypeModels } from './channelForm';

interface Props {
  form: ChannelForm;
  set: (patch: Partial<ChannelForm>) => void;
  type: ChannelType | undefined;
  defaults: TypeModels;
  creating: boolean;
  id: number | null;
  error?: string;
}

/**
 * The models of a channel with the helpers of spec §2.4. The upstream list is fetched by the
 * server (the entered key and base URL sent to it), never by the browser.
 */
export function ModelsField({ form, set, type, defaults, creating, id, error }: Props) {
  const { t } = useT();
  const { call } = useApi();
  const [custom, setCustom] = useState('');
  const [fetching, setFetching] = useState(false);
  const all = Object.values(defaults).flat();
  const options = union(union([], all), form.models).map((m) => ({ value: m, label: m }));

  const fetchList = async () => {
    if (type?.lists_models !== true) {
      toast.error(t('console.channels.modelHelpers.onlyOpenAI'));
      return;
    }
    const key = form.key.split(/\r?\n/)[0]?.trim() ?? '';
    if (creating && key === '') {
      toast.error(t('console.channels.modelHelpers.keyFirst'));
      return;
    }
    setFetching(true);
    const res =
      key === '' && id !== null
        ? await call<string[]>('GET', `/api/channel/fetch_models/${id}`)
        : await call<string[]>('POST', '/api/channel/fetch_models', { type: form.type, key, base_url: form.baseUrl.trim().replace(/\/+$/, '') });
    setFetching(false);
    if (!res) return;
    const fetched = res.data ?? [];
    set({ models: union(form.models, fetched) });
    toast.success(t('console.channels.modelHelpers.fetched', { count: fetched.length }));
  };

  const addCustomModels = () => {
    const { models, existed, added } = addCustom(form.models, custom);
    if (existed.length > 0) toast.error(t('console.channels.modelHelpers.exists', { models: existed.join(', ') }));
    if (added > 0) {
      set({ models });
      setCustom('');
      toast.success(t('console.channels.modelHelpers.added', { count: added }));
    }
  };

  return (
    <Stack gap={2}>
      <FormField label={t('console.channels.fields.models')} required error={error} hint={t('console.channels.modelHelpers.count', { count: form.models.length })}>
        <Select
          aria-label={t('console.channels.fields.models')}
          mode="multiple"
          searchable
          placeholder={t('console.channels.fields.modelsPlaceholder')}
          options={options}
          value={form.models}
          onValueChange={(models) => set({ models })}
          maxTagCount={12}
        />
      </FormField>
      <Stack direction="row" gap={2} wrap>
        <Button size="sm" variant="outline" onClick={() => set({ models: union(form.models, defaults[String(form.type)] ?? []) })}>
          {t('console.channels.modelHelpers.fillRelated')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => set({ models: union(form.models, all) })}>
          {t('console.channels.modelHelpers.fillAll')}
        </Button>
        <Button size="sm" variant="outline" loading={fetching} onClick={() => void fetchList()}>
          {t('console.channels.modelHelpers.fetch')}
        </Button>
        <Button size="sm" variant="outline" tone="danger" onClick={() => set({ models: [] })}>
          {t('console.channels.modelHelpers.clear')}
        </Button>
      </Stack>
      <Stack direction="row" gap={2} wrap={false}>
        <Input
          aria-label={t('console.channels.modelHelpers.customLabel')}
          placeholder={t('console.channels.modelHelpers.custom')}
          value={custom}
          onValueChange={setCustom}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addCustomModels();
            }
          }}
        />
        <Button size="sm" variant="primary" onClick={addCustomModels}>
          {t('console.channels.modelHelpers.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
