// The options tabs' question before a one-way step (resetting ratios, cleaning logs, turning
// password login off): the step's title and consequence, cancel, and a red confirm.
import type { ReactNode } from 'react';
import { Dialog, DialogActions } from '@sluice/ui-kit';
import { useT } from '../../i18n';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Defaults to the options' "confirm". */
  confirmText?: ReactNode;
  onConfirm: () => void;
}

export function OptionConfirm({ open, onOpenChange, title, description, confirmText, onConfirm }: Props) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <DialogActions
          cancelText={t('console.options.common.cancel')}
          cancelVariant="secondary"
          confirmText={confirmText ?? t('console.options.common.confirm')}
          tone="danger"
          onConfirm={onConfirm}
        />
      }
    />
  );
}
