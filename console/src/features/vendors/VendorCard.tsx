// One vendor: its header (name, model count, move up/down, expand/collapse, delete) and, expanded,
// its name, icon, description and models.
import { Button, Card, FormField, FormGrid, Input, Stack, TextArea } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { ModelTable } from './ModelTable';
import type { Vendor } from './vendorConfig';

interface Props {
  vendor: Vendor;
  index: number;
  count: number;
  expanded: boolean;
  onToggle: () => void;
  onMove: (delta: number) => void;
  onDelete: () => void;
  onChange: (vendor: Vendor) => void;
}

export function VendorCard({ vendor, index, count, expanded, onToggle, onMove, onDelete, onChange }: Props) {
  const { t } = useT();
  const name = vendor.Manufacturer || t('console.vendors.vendor.unnamed');
  const action = (key: 'up' | 'down' | 'expand' | 'collapse' | 'delete') => t('console.vendors.vendor.actionLabel', { action: t(`console.vendors.vendor.${key}`), name });
  const id = `vendor-${index}`;
  return (
    <Card
      title={name}
      description={t('console.vendors.vendor.count', { count: vendor.models.length })}
      data-testid={`vendor-${index}`}
      extra={
        <Stack direction="row" gap={1}>
          <Button size="sm" variant="ghost" disabled={index === 0} aria-label={action('up')} onClick={() => onMove(-1)}>
            {t('console.vendors.vendor.up')}
          </Button>
          <Button size="sm" variant="ghost" disabled={index === count - 1} aria-label={action('down')} onClick={() => onMove(1)}>
            {t('console.vendors.vendor.down')}
          </Button>
          <Button size="sm" variant="ghost" aria-expanded={expanded} aria-controls={id} aria-label={action(expanded ? 'collapse' : 'expand')} onClick={onToggle}>
            {expanded ? t('console.vendors.vendor.collapse') : t('console.vendors.vendor.expand')}
          </Button>
          <Button size="sm" variant="ghost" tone="danger" aria-label={action('delete')} onClick={onDelete}>
            {t('console.vendors.vendor.delete')}
          </Button>
        </Stack>
      }
    >
      {expanded ? (
        <Stack gap={3} id={id}>
          <FormGrid columns={2}>
            <FormField label={t('console.vendors.vendor.name')}>
              <Input value={vendor.Manufacturer} placeholder={t('console.vendors.vendor.namePlaceholder')} onValueChange={(v) => onChange({ ...vendor, Manufacturer: v })} />
            </FormField>
            <FormField label={t('console.vendors.vendor.icon')}>
              <Input value={vendor.icon} placeholder={t('console.vendors.vendor.iconPlaceholder')} onValueChange={(v) => onChange({ ...vendor, icon: v })} />
            </FormField>
          </FormGrid>
          <FormField label={t('console.vendors.vendor.description')}>
            <TextArea rows={6} value={vendor.description} placeholder={t('console.vendors.vendor.descriptionPlaceholder')} onValueChange={(v) => onChange({ ...vendor, description: v })} />
          </FormField>
          <ModelTable vendorName={name} models={vendor.models} onChange={(models) => onChange({ ...vendor, models })} />
        </Stack>
      ) : null}
    </Card>
  );
}
