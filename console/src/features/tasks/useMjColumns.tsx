import { ImageThumbnail, Progress, Tag, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { ChannelTag, LongText } from './TaskCells';
import {
  formatDateTime,
  MJ_CODE_COLORS,
  mjAction,
  mjActionColor,
  mjCode,
  mjStatus,
  progressPercent,
  statusColor,
} from './format';
import type { MjRow } from './types';

export interface MjColumnHandlers {
  onText: (title: string, text: string) => void;
  onImage: (row: MjRow) => void;
}

/** The drawing-log columns (§2.9); channel, submit result and task status only for admins. */
export function useMjColumns({ onText, onImage }: MjColumnHandlers): TableColumn<MjRow>[] {
  const { t } = useT();
  const { admin, locale } = useSession();
  const columns: (TableColumn<MjRow> | false)[] = [
    {
      key: 'submit_time',
      title: t('console.tasks.mj.columns.submitTime'),
      width: '11rem',
      render: (r) => (r.submit_time ? formatDateTime(r.submit_time, locale) : t('console.tasks.common.notAvailable')),
    },
    admin && { key: 'channel_id', title: t('console.tasks.mj.columns.channel'), render: (r) => <ChannelTag id={r.channel_id} /> },
    {
      key: 'action',
      title: t('console.tasks.mj.columns.action'),
      render: (r) => {
        const action = mjAction(r.action);
        return (
          <Tag size="sm" color={mjActionColor(action)}>
            {action === null ? t('console.tasks.common.unknown') : t(`console.tasks.mj.actions.${action}`)}
          </Tag>
        );
      },
    },
    { key: 'mj_id', title: t('console.tasks.mj.columns.taskId'), width: '12rem', render: (r) => r.mj_id },
    admin && {
      key: 'code',
      title: t('console.tasks.mj.columns.code'),
      render: (r) => {
        const code = mjCode(r.code);
        return (
          <Tag size="sm" color={code === null ? 'neutral' : MJ_CODE_COLORS[code]}>
            {code === null ? t('console.tasks.common.unknown') : t(`console.tasks.mj.codes.${code}`)}
          </Tag>
        );
      },
    },
    admin && {
      key: 'status',
      title: t('console.tasks.mj.columns.status'),
      render: (r) => {
        const status = mjStatus(r.status);
        return (
          <Tag size="sm" color={statusColor(status)}>
            {status === null ? t('console.tasks.common.unknown') : t(`console.tasks.mj.statuses.${status}`)}
          </Tag>
        );
      },
    },
    {
      key: 'progress',
      title: t('console.tasks.mj.columns.progress'),
      width: '9rem',
      render: (r) => {
        const percent = progressPercent(r.progress);
        if (percent === null) return r.progress || t('console.tasks.common.none');
        // A failed task shows a warning-coloured bar (spec §4).
        return (
          <Progress
            value={percent}
            size="sm"
            tone={r.status === 'FAILURE' ? 'warning' : 'primary'}
            aria-label={t('console.tasks.mj.progressLabel', { id: r.mj_id })}
          />
        );
      },
    },
    {
      key: 'image_url',
      title: t('console.tasks.mj.columns.image'),
      render: (r) =>
        r.image_url ? (
          <ImageThumbnail src={r.image_url} aria-label={t('console.tasks.mj.viewImage', { id: r.mj_id })} onClick={() => onImage(r)} />
        ) : (
          t('console.tasks.common.none')
        ),
    },
    {
      key: 'prompt',
      title: t('console.tasks.mj.columns.prompt'),
      render: (r) => <LongText text={r.prompt} onOpen={() => onText(t('console.tasks.mj.columns.prompt'), r.prompt)} />,
    },
    {
      key: 'prompt_en',
      title: t('console.tasks.mj.columns.promptEn'),
      render: (r) => <LongText text={r.prompt_en} onOpen={() => onText(t('console.tasks.mj.columns.promptEn'), r.prompt_en)} />,
    },
    {
      key: 'fail_reason',
      title: t('console.tasks.mj.columns.failReason'),
      render: (r) => <LongText text={r.fail_reason} onOpen={() => onText(t('console.tasks.mj.columns.failReason'), r.fail_reason)} />,
    },
  ];
  return columns.filter((c): c is TableColumn<MjRow> => c !== false);
}
