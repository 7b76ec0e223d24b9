// The "model" settings tab (spec §2 screen 12, §4): the ordered vendor list, edited locally (add,
// delete, move, expand/collapse, models and their tags), imported, exported or filled by the
// one-click setup, and saved as one Manufacturers value (PUT /api/option/).
import { useEffect, useState } from 'react';
import { Button, Card, Dialog, DialogActions, EmptyState, Skeleton, Stack, Tag, Toolbar, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { ExportDialog, ImportDialog } from './TransferDialogs';
import { VendorCard } from './VendorCard';
import { emptyVendor, exportText, MANUFACTURERS_KEY, move, parseVendors, type Vendor } from './vendorConfig';
import { oneClickSetup, readPricing } from './oneClick';

interface OptionRow {
  key: string;
  value: string;
}

export function VendorsTab() {
  const { t } = useT();
  const { call, request, describe } = useApi();
  const { data: options, mutate } = useApiData<OptionRow[]>(keys.options());
  const stored = options?.find((o) => o.key === MANUFACTURERS_KEY)?.value;
  const [vendors, setVendors] = useState<Vendor[] | null>(null);
  const [saved, setSaved] = useState('');
  const [expanded, setExpanded] = useState<Set<Vendor>>(new Set());
  const [dialog, setDialog] = useState<'import' | 'export' | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [matching, setMatching] = useState(false);

  // Load once, and again after a save (the stored value changes); local edits are not overwritten.
  useEffect(() => {
    if (stored === undefined) return;
    const parsed = parseVendors(stored || '[]');
    if (!parsed) toast.error(t('console.vendors.loadFailed'));
    const next = parsed ?? [];
    // After a save the stored value equals the local list: keep the local objects (and what is expanded).
    setVendors((current) => (current && exportText(current) === exportText(next) ? current : next));
    setSaved(exportText(next));
  }, [stored, t]);

  if (!vendors) return <Skeleton lines={4} />;
  const dirty = exportText(vendors) !== saved;

  const replace = (index: number, vendor: Vendor) => {
    const old = vendors[index] as Vendor;
    setVendors(vendors.map((v, i) => (i === index ? vendor : v)));
    // The expanded set holds objects: follow the edited one.
    if (expanded.has(old)) setExpanded(new Set([...expanded].filter((v) => v !== old).concat(vendor)));
  };
  const toggle = (vendor: Vendor) => {
    const next = new Set(expanded);
    if (next.has(vendor)) next.delete(vendor);
    else next.add(vendor);
    setExpanded(next);
  };
  const add = () => {
    const vendor = emptyVendor();
    setVendors([...vendors, vendor]);
    setExpanded(new Set(expanded).add(vendor));
  };

  const runOneClick = async () => {
    setMatching(true);
    const res = await call<unknown>('GET', keys.pricing());
    setMatching(false);
    if (!res || !Array.isArray(res.data)) {
      if (res) toast.error(t('console.vendors.oneClickResult.failed'));
      return;
    }
    const priced = readPricing(res.body);
    const result = oneClickSetup(vendors, priced.models, priced.vendors);
    if (result.addedModels === 0) {
      toast.info(t('console.vendors.oneClickResult.nothing'));
      return;
    }
    setVendors(result.vendors);
    toast.success(t('console.vendors.oneClickResult.added', { models: result.addedModels, vendors: result.touchedVendors }));
  };

  const save = async () => {
    const missing = vendors.findIndex((v) => v.Manufacturer.trim() === '');
    if (missing >= 0) {
      toast.error(t('console.vendors.nameRequired', { index: missing + 1 }));
      return;
    }
    setSaving(true);
    try {
      await request('PUT', '/api/option/', { key: MANUFACTURERS_KEY, value: JSON.stringify(vendors) });
      toast.success(t('console.vendors.saved'));
      setSaved(exportText(vendors));
      await mutate();
    } catch (e) {
      toast.error(describe(e));
    } finally {
      setSaving(false);
    }
  };

  const target = deleting === null ? null : vendors[deleting];
  return (
    <Card title={t('console.vendors.title')} description={t('console.vendors.description')} extra={dirty ? <Tag color="warning">{t('console.vendors.unsaved')}</Tag> : undefined}>
      <Stack gap={4}>
        <Toolbar
          filtersLabel={t('console.vendors.toolbar')}
          filters={
            <>
              <Button variant="outline" onClick={add}>
                {t('console.vendors.add')}
              </Button>
              <Button variant="outline" loading={matching} onClick={() => void runOneClick()}>
                {t('console.vendors.oneClick')}
              </Button>
              <Button variant="outline" onClick={() => setDialog('import')}>
                {t('console.vendors.import')}
              </Button>
              <Button variant="outline" onClick={() => setDialog('export')}>
                {t('console.vendors.export')}
              </Button>
            </>
          }
          actions={
            <Button variant="primary" loading={saving} onClick={() => void save()}>
              {t('console.vendors.save')}
            </Button>
          }
        />
        {vendors.length === 0 ? <EmptyState title={t('console.vendors.empty')} description={t('console.vendors.emptyHint')} /> : null}
        {vendors.map((vendor, index) => (
          <VendorCard
            // Position keys: the list is reordered, and vendors may share (or lack) names.
            key={index}
            vendor={vendor}
            index={index}
            count={vendors.length}
            expanded={expanded.has(vendor)}
            onToggle={() => toggle(vendor)}
            onMove={(delta) => setVendors(move(vendors, index, delta))}
            onDelete={() => setDeleting(index)}
            onChange={(next) => replace(index, next)}
          />
        ))}
      </Stack>
      <ImportDialog
        open={dialog === 'import'}
        onOpenChange={(open) => setDialog(open ? 'import' : null)}
        onImport={(list) => {
          setVendors(list);
          setExpanded(new Set());
          setDialog(null);
        }}
      />
      <ExportDialog open={dialog === 'export'} onOpenChange={(open) => setDialog(open ? 'export' : null)} vendors={vendors} />
      <Dialog
        open={target !== null && target !== undefined}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('console.vendors.vendor.deleteTitle', { name: target?.Manufacturer || t('console.vendors.vendor.unnamed') })}
        description={t('console.vendors.vendor.deleteBody', { count: target?.models.length ?? 0 })}
        footer={
          <DialogActions
            cancelText={t('console.vendors.vendor.cancel')}
            confirmText={t('console.vendors.vendor.confirm')}
            tone="danger"
            onConfirm={() => {
              if (deleting !== null) setVendors(vendors.filter((_, i) => i !== deleting));
              setDeleting(null);
            }}
          />
        }
      />
    </Card>
  );
}
