import { Button, Stack, StatCard } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApiData } from '../../api/useApi';
import { keys } from '../../api/keys';
import { useSession } from '../../app/session';
import { compactCount, formatQuota, quotaDisplayOf } from '../quota/format';
import type { LogStat } from './types';

/** The summary cards of §2.8 (quota, requests, tokens in the range; TPM and RPM of the last minute). */
export function LogSummary({ params }: { params: Record<string, string | number> }) {
  const { t } = useT();
  const { admin, status } = useSession();
  const { data, isLoading, mutate } = useApiData<LogStat>(keys.logStat(admin, params));
  const display = quotaDisplayOf(status);
  const loading = isLoading || !data;
  return (
    <Stack gap={3}>
      <Stack direction="row" gap={3} align="stretch" wrap role="group" aria-label={t('console.logs.summary.label')}>
        <StatCard label={t('console.logs.summary.quota')} value={data ? formatQuota(data.quota, display) : ''} loading={loading} />
        <StatCard label={t('console.logs.summary.count')} value={data ? compactCount(data.count) : ''} loading={loading} />
        <StatCard label={t('console.logs.summary.tokens')} value={data ? compactCount(data.token) : ''} loading={loading} />
        <StatCard
          label={t('console.logs.summary.tpm')}
          value={data ? compactCount(data.tpm) : ''}
          hint={t('console.logs.summary.recent')}
          loading={loading}
        />
        <StatCard
          label={t('console.logs.summary.rpm')}
          value={data ? compactCount(data.rpm) : ''}
          hint={t('console.logs.summary.recent')}
          loading={loading}
        />
      </Stack>
      <Stack direction="row" justify="end">
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          {t('console.logs.summary.refresh')}
        </Button>
      </Stack>
    </Stack>
  );
}
