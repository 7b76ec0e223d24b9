import { useEffect, useState } from 'react';
import { Button, Stack, Tag, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { useSession } from '../../app/session';
import type { LogExport } from './types';

/**
 * CSV export as the server's export job (§2.8): starts it with the current filter, shows its progress
 * until it is done, then offers logs.csv for download.
 */
export function LogExportButton({ admin, params }: { admin: boolean; params: Record<string, string | number> }) {
  const { t } = useT();
  const { call, describe } = useApi();
  const { client } = useSession();
  const [jobId, setJobId] = useState<number | null>(null);
  const [starting, setStarting] = useState(false);
  const { data: job } = useApiData<LogExport>(jobId === null ? null : keys.logExport(jobId), {
    // Poll while the job runs; stop once it has an outcome.
    refreshInterval: (latest) => (latest && (latest.status === 'done' || latest.status === 'failed') ? 0 : 1000),
  });
  const [downloaded, setDownloaded] = useState(false);
  useEffect(() => setDownloaded(false), [jobId]);

  // The file needs the management headers, so it is fetched and handed to the browser as a blob.
  const download = async (id: number) => {
    try {
      const blob = await client.download(`/api/log/export/${id}/file`);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = 'logs.csv';
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setDownloaded(true);
    } catch (error) {
      toast.error(describe(error));
    }
  };

  const start = async () => {
    setStarting(true);
    const res = await call<LogExport>('POST', admin ? '/api/log/export' : '/api/log/self/export', params);
    setStarting(false);
    if (res) setJobId(res.data.id);
  };
  const running = jobId !== null && (!job || job.status === 'pending' || job.status === 'running');
  return (
    <Stack direction="row" gap={2}>
      <Button variant="outline" onClick={() => void start()} disabled={starting || running}>
        {t('console.logs.export.button')}
      </Button>
      {jobId !== null && job && (
        <span role="status" aria-live="polite">
          {job.status === 'pending' && <Tag color="info">{t('console.logs.export.queued')}</Tag>}
          {job.status === 'running' && <Tag color="info">{t('console.logs.export.running', { count: job.row_count })}</Tag>}
          {job.status === 'failed' && <Tag color="danger">{t('console.logs.export.failed', { message: job.error })}</Tag>}
          {job.status === 'done' && <Tag color="success">{t('console.logs.export.done', { count: job.row_count })}</Tag>}
        </span>
      )}
      {job?.status === 'done' && (
        <Button variant={downloaded ? 'ghost' : 'primary'} onClick={() => void download(job.id)}>
          {t('console.logs.export.download')}
        </Button>
      )}
    </Stack>
  );
}
