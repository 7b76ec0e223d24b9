// The models of one vendor, edited in place: name, tags (the spec's tags plus custom ones, through
// the kit's creatable multi-select) and description.
import { Button, Input, Select, Stack, Table, type SelectOption, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { emptyModel, SPEC_TAGS, type SpecTag, type VendorModel } from './vendorConfig';

interface Props {
  vendorName: string;
  models: VendorModel[];
  onChange: (models: VendorModel[]) => void;
}

interface Row {
  index: number;
  model: VendorModel;
}

export function ModelTable({ vendorName, models, onChange }: Props) {
  const { t } = useT();
  const specOptions: SelectOption[] = (Object.keys(SPEC_TAGS) as SpecTag[]).map((key) => ({ value: SPEC_TAGS[key], label: t(`console.vendors.tags.${key}`) }));
  const known = new Set(specOptions.map((o) => o.value));
  const update = (index: number, patch: Partial<VendorModel>) => onChange(models.map((m, i) => (i === index ? { ...m, ...patch } : m)));
  const label = (field: string, index: number) => t('console.vendors.model.rowLabel', { field, index: index + 1 });

  const columns: TableColumn<Row>[] = [
    {
      key: 'name',
      title: t('console.vendors.model.name'),
      width: '30%',
      render: ({ index, model }) => (
        <Input aria-label={label(t('console.vendors.model.name'), index)} value={model.model_name} onValueChange={(v) => update(index, { model_name: v })} />
      ),
    },
    {
      key: 'tags',
      title: t('console.vendors.model.tags'),
      width: '35%',
      render: ({ index, model }) => (
        <Select
          mode="multiple"
          creatable
          aria-label={label(t('console.vendors.model.tags'), index)}
          placeholder={t('console.vendors.model.tagsPlaceholder')}
          // Custom tags already on the model are options too, so they show and can be removed.
          options={[...specOptions, ...model.type.filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }))]}
          value={model.type}
          onValueChange={(type) => update(index, { type })}
        />
      ),
    },
    {
      key: 'illustrate',
      title: t('console.vendors.model.illustrate'),
      render: ({ index, model }) => (
        <Input aria-label={label(t('console.vendors.model.illustrate'), index)} value={model.illustrate} onValueChange={(v) => update(index, { illustrate: v })} />
      ),
    },
    {
      key: 'actions',
      title: t('console.vendors.model.actions'),
      width: '6rem',
      render: ({ index }) => (
        <Button
          size="sm"
          variant="ghost"
          tone="danger"
          aria-label={label(t('console.vendors.model.delete'), index)}
          onClick={() => onChange(models.filter((_, i) => i !== index))}
        >
          {t('console.vendors.model.delete')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap={2}>
      <Table
        caption={t('console.vendors.model.caption', { name: vendorName })}
        size="sm"
        columns={columns}
        rows={models.map((model, index) => ({ index, model }))}
        rowKey={(r) => r.index}
        minWidth="44rem"
        empty={t('console.vendors.model.none')}
      />
      <Stack direction="row">
        <Button size="sm" variant="outline" onClick={() => onChange([...models, emptyModel()])}>
          {t('console.vendors.model.add')}
        </Button>
      </Stack>
    </Stack>
  );
}
