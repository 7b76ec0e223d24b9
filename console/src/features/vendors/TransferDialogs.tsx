// Import (valid JSON vendor lists only) and export (copy or download) of the vendor configuration.
import { useEffect, useState } from 'react';
import { CopyButton, Dialog, DialogActions, FormField, JsonEditor, TextArea, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { exportText, parseVendors, type Vendor } from './vendorConfig';

interface ImportProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImport: (vendors: Vendor[]) => void;
}

export function ImportDialog({ open, onOpenChange, onImport }: ImportProps) {
  const { t } = useT();
  const [text, setText] = useState('');
  const [error, setError] = useState(false);

  useEffect(() => {
    if (open) {
      setText('');
      setError(false);
    }
  }, [open]);

  const confirm = () => {
    const vendors = parseVendors(text);
    if (!vendors) {
      setError(true);
      toast.error(t('console.vendors.importDialog.invalid'));
      return;
    }
    onImport(vendors);
    toast.success(t('console.vendors.importDialog.done'));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('console.vendors.importDialog.title')}
      description={t('console.vendors.importDialog.description')}
      footer={
        <DialogActions
          cancelText={t('console.vendors.importDialog.cancel')}
          confirmText={t('console.vendors.importDialog.confirm')}
          onConfirm={confirm}
        />
      }
    >
      <FormField label={t('console.vendors.importDialog.label')}>
        <JsonEditor
          shape="array"
          rows={10}
          value={text}
          status={error ? 'error' : 'default'}
          onValueChange={(v) => {
            setText(v);
            setError(false);
          }}
          invalidMessage={t('console.vendors.importDialog.invalid')}
        />
      </FormField>
    </Dialog>
  );
}

interface ExportProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  vendors: readonly Vendor[];
}

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'manufacturers.json';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function ExportDialog({ open, onOpenChange, vendors }: ExportProps) {
  const { t } = useT();
  const text = exportText(vendors);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title={t('console.vendors.exportDialog.title')}
      description={t('console.vendors.exportDialog.description')}
      footer={
        <DialogActions
          cancelText={t('console.vendors.exportDialog.close')}
          confirmText={t('console.vendors.exportDialog.download')}
          onConfirm={() => download(text)}
        >
          <CopyButton text={text} variant="outline" successMessage={t('console.vendors.exportDialog.copied')}>
            {t('console.vendors.exportDialog.copy')}
          </CopyButton>
        </DialogActions>
      }
    >
      <FormField label={t('console.vendors.exportDialog.label')}>
        <TextArea readOnly rows={12} value={text} data-testid="vendors-export" />
      </FormField>
    </Dialog>
  );
}
