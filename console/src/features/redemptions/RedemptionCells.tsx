// Cells of the redemption table: the status tag and the row actions (spec §2.6, §4: enable or
// disable only while unused or disabled, edit only while unused).
import { Button, Stack, Tag, type TagColor } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { REDEMPTION_DISABLED, REDEMPTION_UNUSED, REDEMPTION_USED, type Redemption } from './types';

const STATUS: Record<number, { key: 'unused' | 'disabled' | 'used'; color: TagColor }> = {
  [REDEMPTION_UNUSED]: { key: 'unused', color: 'success' },
  [REDEMPTION_DISABLED]: { key: 'disabled', color: 'neutral' },
  [REDEMPTION_USED]: { key: 'used', color: 'warning' },
};

export function RedemptionStatus({ status }: { status: number }) {
  const { t } = useT();
  const s = STATUS[status];
  return s ? <Tag color={s.color}>{t(`console.redemptions.status.${s.key}`)}</Tag> : <Tag>{t('console.redemptions.status.unknown')}</Tag>;
}

export type RedemptionAction = 'view' | 'copy' | 'delete' | 'toggle' | 'edit';

export function RedemptionActions({ row, busy, onAction }: { row: Redemption; busy: boolean; onAction: (a: RedemptionAction, r: Redemption) => void }) {
  const { t } = useT();
  const used = row.status === REDEMPTION_USED;
  return (
    <Stack direction="row" gap={1} role="group" aria-label={t('console.redemptions.rowActions', { name: row.name })}>
      <Button size="sm" variant="ghost" onClick={() => onAction('view', row)}>
        {t('console.redemptions.actions.view')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => onAction('copy', row)}>
        {t('console.redemptions.actions.copy')}
      </Button>
      {!used && (
        <Button size="sm" variant="ghost" tone={row.status === REDEMPTION_UNUSED ? 'warning' : 'success'} loading={busy} onClick={() => onAction('toggle', row)}>
          {row.status === REDEMPTION_UNUSED ? t('console.redemptions.actions.disable') : t('console.redemptions.actions.enable')}
        </Button>
      )}
      {row.status === REDEMPTION_UNUSED && (
        <Button size="sm" variant="ghost" onClick={() => onAction('edit', row)}>
          {t('console.redemptions.actions.edit')}
        </Button>
      )}
      <Button size="sm" variant="ghost" tone="danger" onClick={() => onAction('delete', row)}>
        {t('console.redemptions.actions.delete')}
      </Button>
    </Stack>
  );
}
