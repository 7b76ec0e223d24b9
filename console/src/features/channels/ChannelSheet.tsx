import { useEffect, useState } from 'react';
import { Button, FormField, Input, JsonEditor, Select, SideSheet, Skeleton, Stack, Switch, toast } from '@sluice/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import { useSession } from '../../app/session';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { textIn, useChannelTypes, type ChannelType } from './channelTypes';
import { defaultModels, emptyForm, fromChannel, problemOf, toBody, union, withType, type ChannelForm, type FormProblem } from './channelForm';
import { ModelsField } from './ModelsField';
import { KeyField, OrganizationField, ProxyField, TypeExtras } from './TypeFields';
import type { Channel } from './types';

interface Props {
  mode: 'add' | 'edit';
  id: number | null;
  onClose: () => void;
  onSaved: () => void;
}

const MAPPING_EXAMPLE = JSON.stringify({ 'gpt-3.5-turbo-0301': 'gpt-3.5-turbo', 'gpt-4-0314': 'gpt-4' }, null, 2);
const STATUS_EXAMPLE = JSON.stringify({ '400': '500' }, null, 2);

/** The create / edit side panel over the channel list (/channel/add, /channel/edit/:id). */
export function ChannelSheet({ mode, id, onClose, onSaved }: Props) {
  const { t } = useT();
  const creating = mode === 'add';
  const { types } = useChannelTypes();
  const { data: stored, isLoading } = useApiData<Channel>(creating || id === null ? null : keys.channel(id));
  const ready = creating ? types !== undefined : stored !== undefined && types !== undefined;
  return (
    <SideSheet
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      size="lg"
      title={t(creating ? 'console.channels.sheet.addTitle' : 'console.channels.sheet.editTitle')}
    >
      {ready ? (
        <ChannelFormView key={stored?.id ?? 'new'} creating={creating} id={id} stored={stored ?? null} types={types ?? []} onClose={onClose} onSaved={onSaved} />
      ) : (
        <Stack gap={2} aria-busy={isLoading} aria-label={t('console.channels.sheet.loading')}>
          <Skeleton />
          <Skeleton />
          <Skeleton />
        </Stack>
      )}
    </SideSheet>
  );
}

interface FormProps {
  creating: boolean;
  id: number | null;
  stored: Channel | null;
  types: ChannelType[];
  onClose: () => void;
  onSaved: () => void;
}

function ChannelFormView({ creating, id, stored, types, onClose, onSaved }: FormProps) {
  const { t, locale } = useT();
  const { root } = useSession();
  const { request, describe, call } = useApi();
  const { data: groupList } = useApiData<string[]>(keys.groups());
  const [prefilled, setPrefilled] = useState(!creating);
  const [form, setForm] = useState<ChannelForm>(() => (stored ? fromChannel(stored) : emptyForm()));
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [showingKey, setShowingKey] = useState(false);
  const set = (patch: Partial<ChannelForm>) => setForm((f) => ({ ...f, ...patch }));
  const typeOf = (n: number) => types.find((e) => e.id === n);
  const type = typeOf(form.type);
  const defaults = defaultModels(types);

  // The type's default models, once, when a new channel starts with none.
  useEffect(() => {
    if (!creating) return;
    const next = withType(form, type, true, prefilled);
    if (next.prefilled !== prefilled) {
      setForm(next.form);
      setPrefilled(true);
    }
    // Only on open.
  }, []);

  const pickType = (value: string | null) => {
    if (value === null) return;
    const next = withType(form, typeOf(Number(value)), creating, prefilled);
    setForm(next.form);
    setPrefilled(next.prefilled);
  };

  const showKey = async () => {
    if (id === null) return;
    setShowingKey(true);
    const res = await call<Channel>('GET', `/api/channel/${id}?include_key=true`);
    setShowingKey(false);
    if (res?.data.key !== undefined) set({ key: res.data.key });
  };

  const submit = async () => {
    const p = problemOf(form, creating, type);
    setProblem(p);
    if (p !== null) {
      toast.error(t(p === 'jsonKey' ? 'console.channels.extras.vertexKeyInvalid' : (`console.channels.validation.${p}` as MessageKey)));
      return;
    }
    setSaving(true);
    try {
      const body = toBody(form, creating, id, type);
      await request(creating ? 'POST' : 'PUT', '/api/channel/', body);
      toast.success(t(creating ? 'console.channels.messages.created' : 'console.channels.messages.saved'));
      onSaved();
    } catch (e) {
      // The server's refusal; the form stays as typed.
      toast.error(describe(e));
    } finally {
      setSaving(false);
    }
  };

  const typeOptions = types.map((e) => ({ value: String(e.id), label: textIn(e.label, locale) }));
  const groupOptions = union(groupList ?? [], form.groups).map((g) => ({ value: g, label: g }));
  const err = (which: FormProblem, text: string) => (problem === which ? text : undefined);

  return (
    <Stack
      as="form"
      gap={4}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <FormField label={t('console.channels.fields.type')} required>
        <Select aria-label={t('console.channels.fields.type')} searchable options={typeOptions} value={String(form.type)} onValueChange={pickType} />
      </FormField>
      <TypeExtras form={form} set={set} type={type} />
      <FormField label={t('console.channels.fields.name')} required error={err('nameKey', form.name.trim() === '' ? t('console.channels.validation.nameKey') : '')}>
        <Input value={form.name} placeholder={t('console.channels.fields.namePlaceholder')} onValueChange={(name) => set({ name })} />
      </FormField>
      <FormField label={t('console.channels.fields.groups')} required hint={t('console.channels.fields.groupsHint')}>
        <Select aria-label={t('console.channels.fields.groups')} mode="multiple" searchable placeholder={t('console.channels.fields.groupsPlaceholder')} options={groupOptions} value={form.groups} onValueChange={(groups) => set({ groups })} />
      </FormField>
      <ProxyField form={form} set={set} type={type} />
      {creating ? (
        <Switch label={t('console.channels.fields.batch')} checked={form.batch} onCheckedChange={(batch) => set({ batch })} />
      ) : null}
      <KeyField
        form={form}
        set={set}
        type={type}
        creating={creating}
        error={problem === 'jsonKey' ? t('console.channels.extras.vertexKeyInvalid') : err('nameKey', creating && form.key.trim() === '' ? t('console.channels.validation.nameKey') : '')}
      />
      {!creating && root ? (
        <Stack direction="row" gap={2}>
          <Button size="sm" variant="outline" loading={showingKey} onClick={() => void showKey()}>
            {t('console.channels.fields.showKey')}
          </Button>
        </Stack>
      ) : null}
      <OrganizationField form={form} set={set} type={type} />
      <ModelsField form={form} set={set} type={type} defaults={defaults} creating={creating} id={id} error={err('models', t('console.channels.validation.models'))} />
      <FormField label={t('console.channels.fields.testModel')}>
        <Input value={form.testModel} placeholder={t('console.channels.fields.testModelPlaceholder')} onValueChange={(testModel) => set({ testModel })} />
      </FormField>
      <FormField label={t('console.channels.fields.modelMapping')} hint={`${t('console.channels.fields.modelMappingHint')} ${MAPPING_EXAMPLE}`} error={err('mapping', t('console.channels.validation.mapping'))}>
        <JsonEditor shape="object" allowEmpty rows={4} value={form.modelMapping} placeholder={MAPPING_EXAMPLE} invalidMessage={t('console.channels.fields.invalidJson')} onValueChange={(modelMapping) => set({ modelMapping })} />
      </FormField>
      <FormField
        label={t('console.channels.fields.statusCodeMapping')}
        hint={`${t('console.channels.fields.statusCodeMappingHint')} ${STATUS_EXAMPLE}`}
        error={err('statusMapping', t('console.channels.validation.statusMapping'))}
      >
        <JsonEditor shape="object" allowEmpty rows={3} value={form.statusCodeMapping} placeholder={STATUS_EXAMPLE} invalidMessage={t('console.channels.fields.invalidJson')} onValueChange={(statusCodeMapping) => set({ statusCodeMapping })} />
      </FormField>
      <Switch label={t('console.channels.fields.autoBan')} checked={form.autoBan} onCheckedChange={(autoBan) => set({ autoBan })} />
      <Stack direction="row" gap={2} justify="end">
        <Button variant="outline" tone="neutral" onClick={onClose}>
          {t('console.channels.sheet.cancel')}
        </Button>
        <Button type="submit" variant="primary" loading={saving}>
          {t('console.channels.sheet.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
