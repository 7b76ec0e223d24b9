import { Tag, Tooltip, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { formatTime } from '../logs/timing';
import { detailText, isAuditAction, type AuditRow } from './types';

/** The columns of the audit table. */
export function useAuditColumns(): TableColumn<AuditRow>[] {
  const { t } = useT();
  const { locale } = useSession();
  return [
    { key: 'created_at', title: t('console.audit.columns.time'), render: (r) => formatTime(r.created_at, locale), width: '11rem' },
    {
      key: 'action',
      title: t('console.audit.columns.action'),
      render: (r) => (
        <Tooltip content={r.action}>
          <Tag size="sm" color={r.action.startsWith('auth.') ? 'info' : r.action.includes('key_view') ? 'warning' : 'primary'}>
            {isAuditAction(r.action) ? t(`console.audit.actions.${r.action}`) : r.action}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'actor',
      title: t('console.audit.columns.actor'),
      render: (r) => (r.actor_id === null ? t('console.audit.nobody') : `${r.actor_name} (#${r.actor_id})`),
    },
    { key: 'ip', title: t('console.audit.columns.ip'), render: (r) => r.ip },
    { key: 'target', title: t('console.audit.columns.target'), render: (r) => (r.target_type === '' ? '' : `${r.target_type} ${r.target_id}`) },
    {
      key: 'outcome',
      title: t('console.audit.columns.outcome'),
      render: (r) => (
        <Tag size="sm" color={r.outcome === 'success' ? 'success' : 'danger'}>
          {r.outcome === 'success' ? t('console.audit.outcome.success') : t('console.audit.outcome.failure')}
        </Tag>
      ),
    },
    { key: 'detail', title: t('console.audit.columns.detail'), render: (r) => detailText(r.detail) },
  ];
}
