import { Button, Stack, Tag, Tooltip, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { formatQuota, quotaDisplayOf } from '../quota/format';
import { firstTokenColor, formatTime, tokenRate, useTimeColor } from './timing';
import { logTypeKey, parseOther, type LogRow } from './types';
import { localiseLogContent } from './logContent';

const TYPE_COLORS = { topup: 'success', consume: 'primary', manage: 'info', system: 'neutral', error: 'danger', warning: 'warning', reward: 'success', all: 'neutral', unknown: 'neutral' } as const;

/** The columns of the log table; the admin ones (channel, username, retry) only for admins. */
export function useLogColumns(onUser: (userId: number) => void): TableColumn<LogRow>[] {
  const { t } = useT();
  const { admin, status, locale } = useSession();
  const display = quotaDisplayOf(status);
  const columns: (TableColumn<LogRow> | false)[] = [
    { key: 'created_at', nowrap: true, title: t('console.logs.columns.time'), render: (r) => formatTime(r.created_at, locale), width: '11rem' },
    admin && {
      key: 'channel', nowrap: true,
      title: t('console.logs.columns.channel'),
      // Only admin rows carry the channel and the user id (AdminLog vs SelfLog).
      render: (r) => ('channel' in r && r.channel ? <Tag size="sm">{r.channel}</Tag> : ''),
    },
    admin && {
      key: 'username', nowrap: true,
      title: t('console.logs.columns.username'),
      render: (r) => {
        const userId = 'user_id' in r ? r.user_id : 0;
        return userId ? (
          <Button variant="link" size="sm" aria-label={t('console.logs.userInfo.open', { name: r.username })} onClick={() => onUser(userId)}>
            {r.username}
          </Button>
        ) : (
          r.username
        );
      },
    },
    { key: 'token_name', nowrap: true, title: t('console.logs.columns.token'), render: (r) => (r.token_name ? <Tag size="sm">{r.token_name}</Tag> : '') },
    { key: 'token_group', nowrap: true, title: t('console.logs.columns.group'), render: (r) => r.token_group },
    {
      key: 'type', nowrap: true,
      title: t('console.logs.columns.type'),
      render: (r) => {
        const k = logTypeKey(r.type);
        return (
          <Tag size="sm" color={TYPE_COLORS[k]}>
            {t(`console.logs.types.${k}`)}
          </Tag>
        );
      },
    },
    { key: 'model_name', nowrap: true, title: t('console.logs.columns.model'), render: (r) => r.model_name },
    {
      key: 'use_time', nowrap: true,
      title: t('console.logs.columns.useTime'),
      render: (r) => {
        if (r.type !== 2) return '';
        const other = parseOther(r.other);
        const frt = typeof other.frt === 'number' && other.frt > 0 ? other.frt / 1000 : null;
        const rate = tokenRate(r.completion_tokens, r.use_time);
        return (
          <Stack direction="row" gap={1}>
            <Tag size="sm" color={useTimeColor(r.use_time)}>
              {t('console.logs.cells.seconds', { value: r.use_time })}
            </Tag>
            {frt !== null && (
              <Tag size="sm" color={firstTokenColor(frt)}>
                {t('console.logs.cells.frt', { value: frt.toFixed(1) })}
              </Tag>
            )}
            <Tag size="sm" variant="outline">
              {r.is_stream ? t('console.logs.cells.stream') : t('console.logs.cells.nonStream')}
            </Tag>
            {rate !== null && (
              <Tag size="sm" variant="outline">
                {t('console.logs.cells.rate', { value: rate })}
              </Tag>
            )}
          </Stack>
        );
      },
    },
    { key: 'prompt_tokens', nowrap: true, title: t('console.logs.columns.prompt'), align: 'end', render: (r) => (r.type === 2 ? r.prompt_tokens : '') },
    { key: 'completion_tokens', nowrap: true, title: t('console.logs.columns.completion'), align: 'end', render: (r) => (r.type === 2 ? r.completion_tokens : '') },
    { key: 'quota', nowrap: true, title: t('console.logs.columns.quota'), align: 'end', render: (r) => (r.quota ? formatQuota(r.quota, display) : '') },
    admin && {
      key: 'retry',
      title: t('console.logs.columns.retry'),
      render: (r) => {
        const chain = parseOther(r.other).admin_info?.use_channel;
        return Array.isArray(chain) && chain.length > 1 ? t('console.logs.cells.retryChain', { chain: chain.map(String).join('->') }) : '';
      },
    },
    {
      key: 'detail',
      title: t('console.logs.columns.detail'),
      // One ratio per line, each line whole.
      nowrap: true,
      render: (r) => <LogDetail row={r} />,
    },
  ];
  return columns.filter((c): c is TableColumn<LogRow> => c !== false);
}

/** The `other` details as text: ratios and price for usage rows, else the row's content. */
function LogDetail({ row }: { row: LogRow }) {
  const { t, locale } = useT();
  const content = localiseLogContent(row.content, locale, t);
  if (row.type !== 2) return <>{content}</>;
  const other = parseOther(row.other);
  const parts: string[] = [];
  if (typeof other.model_price === 'number' && other.model_price > 0) parts.push(t('console.logs.cells.modelPrice', { value: other.model_price }));
  else if (typeof other.model_ratio === 'number') parts.push(t('console.logs.cells.modelRatio', { value: other.model_ratio }));
  if (typeof other.completion_ratio === 'number') parts.push(t('console.logs.cells.completionRatio', { value: other.completion_ratio }));
  if (typeof other.group_ratio === 'number') parts.push(t('console.logs.cells.groupRatio', { value: other.group_ratio }));
  if (typeof other.cache_tokens === 'number' && other.cache_tokens > 0) parts.push(t('console.logs.cells.cacheTokens', { value: other.cache_tokens }));
  if (parts.length === 0) return <>{content}</>;
  const lines = (
    <Stack gap={0}>
      {parts.map((p) => (
        <span key={p}>{p}</span>
      ))}
    </Stack>
  );
  return content ? (
    <Tooltip content={content}>
      <span tabIndex={0}>{lines}</span>
    </Tooltip>
  ) : (
    lines
  );
}
