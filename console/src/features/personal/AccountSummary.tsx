// Who is signed in: the role label (spec: admin or regular user by the super-admin check), group,
// balance, usage and request count, quota in the display the status asks for.
import { Card, Stack, StatCard, Tag } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { ROLE_ROOT } from '../../api/user';
import { compactCount, formatQuota, quotaDisplayOf } from '../quota/format';
import type { SelfView } from './types';

export function AccountSummary({ self }: { self: SelfView }) {
  const { t } = useT();
  const { status } = useSession();
  const display = quotaDisplayOf(status);
  const stats = [
    { key: 'quota', label: t('console.personal.summary.quota'), value: formatQuota(self.quota, display) },
    { key: 'used', label: t('console.personal.summary.used'), value: formatQuota(self.used_quota, display) },
    { key: 'requests', label: t('console.personal.summary.requests'), value: compactCount(self.request_count) },
  ];
  return (
    <Card
      title={self.display_name || self.username}
      description={`@${self.username} · ${t('console.personal.summary.group')}: ${self.group}`}
      extra={
        <Tag color={self.role >= ROLE_ROOT ? 'primary' : 'neutral'} variant={self.role >= ROLE_ROOT ? 'solid' : 'soft'} data-testid="role-label">
          {self.role >= ROLE_ROOT ? t('console.personal.summary.roleAdmin') : t('console.personal.summary.roleUser')}
        </Tag>
      }
    >
      <Stack direction="row" gap={3} align="stretch">
        {stats.map((s) => (
          <StatCard key={s.key} label={s.label} value={s.value} data-testid={`stat-${s.key}`} />
        ))}
      </Stack>
    </Card>
  );
}
