// Referral (spec §2 screen 9): the invitation link from GET /api/user/aff, the earnings, and the
// transfer of referral quota into the balance (POST /api/user/aff_transfer, minimum quota_per_unit).
import { useState } from 'react';
import { Button, Card, CopyButton, FormField, Input, Stack, StatCard } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { compactCount, formatQuota, quotaDisplayOf } from '../quota/format';
import { AffTransferDialog } from './AffTransferDialog';
import type { SelfView } from './types';

export function AffiliateCard({ self, onChanged }: { self: SelfView; onChanged: () => void }) {
  const { t } = useT();
  const { status } = useSession();
  const display = quotaDisplayOf(status);
  const { data: code } = useApiData<string>(keys.affCode());
  const [transferOpen, setTransferOpen] = useState(false);
  const link = code ? `${window.location.origin}/register?aff=${encodeURIComponent(code)}` : '';
  const stats = [
    { key: 'pending', label: t('console.personal.aff.pending'), value: formatQuota(self.aff_quota, display) },
    { key: 'total', label: t('console.personal.aff.total'), value: formatQuota(self.aff_history_quota, display) },
    { key: 'count', label: t('console.personal.aff.count'), value: compactCount(self.aff_count) },
  ];
  return (
    <Card
      title={t('console.personal.aff.title')}
      description={t('console.personal.aff.description')}
      extra={
        <Button variant="outline" disabled={self.aff_quota <= 0} onClick={() => setTransferOpen(true)}>
          {t('console.personal.aff.transfer')}
        </Button>
      }
    >
      <Stack gap={3}>
        <FormField label={t('console.personal.aff.link')}>
          <Input
            readOnly
            value={link}
            placeholder={t('console.personal.aff.loading')}
            data-testid="aff-link"
            suffix={link ? <CopyButton appearance="icon" text={link} /> : undefined}
          />
        </FormField>
        <Stack direction="row" gap={3} align="stretch">
          {stats.map((s) => (
            <StatCard key={s.key} label={s.label} value={s.value} data-testid={`aff-${s.key}`} />
          ))}
        </Stack>
      </Stack>
      <AffTransferDialog
        open={transferOpen}
        onOpenChange={setTransferOpen}
        available={self.aff_quota}
        onDone={() => {
          setTransferOpen(false);
          onChanged();
        }}
      />
    </Card>
  );
}
