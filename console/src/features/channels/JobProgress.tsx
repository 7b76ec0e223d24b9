import { Banner, Progress, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import type { useJob } from './useJobs';

type Job = ReturnType<typeof useJob>;

/** The progress of a long job above the list: done of total and failures, until it finishes. */
export function JobProgress({ job, name }: { job: Job; name: string }) {
  const { t } = useT();
  const s = job.status;
  if (!s || (!job.active && !(job.finishedHere && s.state === 'finished'))) return null;
  const percent = s.total > 0 ? Math.round((s.done / s.total) * 100) : s.state === 'finished' ? 100 : 0;
  const text =
    s.state === 'queued'
      ? t('console.channels.jobs.queued', { job: job.label })
      : s.state === 'running'
        ? t('console.channels.jobs.running', { job: job.label, done: s.done, total: s.total, failed: s.failed })
        : t('console.channels.jobs.finished', { job: job.label, total: s.total, failed: s.failed });
  const type = s.state === 'finished' ? (s.failed > 0 ? 'warning' : 'success') : 'info';
  return (
    <Banner
      type={type}
      data-job={name}
      data-state={s.state}
      closable={s.state === 'finished'}
      onClose={job.dismiss}
    >
      <Stack gap={1}>
        <span role="status" aria-live="polite">
          {text}
        </span>
        <Progress
          value={s.state === 'queued' ? null : percent}
          tone={s.state === 'finished' && s.failed > 0 ? 'warning' : 'primary'}
          aria-label={t('console.channels.jobs.progressLabel', { job: job.label })}
        />
      </Stack>
    </Banner>
  );
}
