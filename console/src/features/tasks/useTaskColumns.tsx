import { Button, Progress, Tag, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { ChannelTag, DurationTag, LongText } from './TaskCells';
import { durationSeconds, formatDateTime, progressPercent, statusColor, taskStatus } from './format';
import type { TaskRow } from './types';

export interface TaskColumnHandlers {
  onText: (title: string, text: string) => void;
  onJson: (row: TaskRow) => void;
}

const ACTIONS = ['MUSIC', 'LYRICS'] as const;
const isAction = (a: string): a is (typeof ACTIONS)[number] => (ACTIONS as readonly string[]).includes(a);

/** The async-task columns (§2.10); the channel only for admins. */
export function useTaskColumns({ onText, onJson }: TaskColumnHandlers): TableColumn<TaskRow>[] {
  const { t } = useT();
  const { admin, locale } = useSession();
  const time = (seconds: number) => (seconds ? formatDateTime(seconds * 1000, locale) : t('console.tasks.common.notAvailable'));
  const columns: (TableColumn<TaskRow> | false)[] = [
    { key: 'submit_time', title: t('console.tasks.task.columns.submitTime'), width: '11rem', render: (r) => time(r.submit_time) },
    { key: 'finish_time', title: t('console.tasks.task.columns.finishTime'), width: '11rem', render: (r) => time(r.finish_time) },
    {
      key: 'progress',
      title: t('console.tasks.task.columns.progress'),
      render: (r) => {
        const percent = progressPercent(r.progress);
        // Circular percent when numeric, else the text (spec §2.10).
        return percent === null ? (
          r.progress || t('console.tasks.common.none')
        ) : (
          <Progress
            variant="circle"
            size="sm"
            value={percent}
            tone={r.status === 'FAILURE' ? 'warning' : percent >= 100 ? 'success' : 'primary'}
            aria-label={t('console.tasks.task.progressLabel', { id: r.task_id })}
          />
        );
      },
    },
    {
      key: 'duration',
      title: t('console.tasks.task.columns.duration'),
      render: (r) => <DurationTag seconds={durationSeconds(r.submit_time, r.finish_time, 's')} />,
    },
    admin && { key: 'channel_id', title: t('console.tasks.task.columns.channel'), render: (r) => <ChannelTag id={r.channel_id} /> },
    {
      key: 'platform',
      title: t('console.tasks.task.columns.platform'),
      render: (r) => (
        <Tag size="sm" color={r.platform === 'suno' ? 'success' : 'neutral'}>
          {r.platform === 'suno' ? t('console.tasks.task.platforms.suno') : t('console.tasks.common.unknown')}
        </Tag>
      ),
    },
    {
      key: 'action',
      title: t('console.tasks.task.columns.action'),
      render: (r) => (
        <Tag size="sm" color={r.action === 'MUSIC' ? 'primary' : r.action === 'LYRICS' ? 'info' : 'neutral'}>
          {isAction(r.action) ? t(`console.tasks.task.actions.${r.action}`) : t('console.tasks.common.unknown')}
        </Tag>
      ),
    },
    {
      key: 'task_id',
      title: t('console.tasks.task.columns.taskId'),
      render: (r) => (
        <Button variant="link" size="sm" aria-label={t('console.tasks.common.openJson', { id: r.task_id })} onClick={() => onJson(r)}>
          {r.task_id}
        </Button>
      ),
    },
    {
      key: 'status',
      title: t('console.tasks.task.columns.status'),
      render: (r) => {
        const status = taskStatus(r.status);
        return (
          <Tag size="sm" color={statusColor(status)}>
            {t(`console.tasks.task.statuses.${status}`)}
          </Tag>
        );
      },
    },
    {
      key: 'fail_reason',
      title: t('console.tasks.task.columns.failReason'),
      render: (r) => <LongText text={r.fail_reason} onOpen={() => onText(t('console.tasks.task.failReasonTitle'), r.fail_reason)} />,
    },
  ];
  return columns.filter((c): c is TableColumn<TaskRow> => c !== false);
}
