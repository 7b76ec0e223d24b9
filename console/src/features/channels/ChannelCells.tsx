import { Button, Tag, Tooltip } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { formatUsedQuota, responseTimeTone } from './format';
import { CHANNEL_AUTO_DISABLED, CHANNEL_DISABLED, CHANNEL_ENABLED, formatTime, statusInfo, type Channel } from './types';

export function StatusCell({ channel }: { channel: Channel }) {
  const { t } = useT();
  switch (channel.status) {
    case CHANNEL_ENABLED:
      return <Tag color="success">{t('console.channels.status.enabled')}</Tag>;
    case CHANNEL_DISABLED:
      return <Tag color="danger">{t('console.channels.status.disabled')}</Tag>;
    case CHANNEL_AUTO_DISABLED: {
      const info = statusInfo(channel.other_info);
      const tag = (
        <Tag color="warning" tabIndex={0} data-testid="auto-disabled">
          {t('console.channels.status.autoDisabled')}
        </Tag>
      );
      if (!info) return tag;
      return (
        <Tooltip
          content={
            <>
              <div>{t('console.channels.status.reason', { reason: info.reason })}</div>
              {info.time > 0 ? <div>{t('console.channels.status.time', { time: formatTime(info.time) })}</div> : null}
            </>
          }
        >
          {tag}
        </Tooltip>
      );
    }
    default:
      return <Tag color="neutral">{t('console.channels.status.unknown')}</Tag>;
  }
}

export function ResponseTimeCell({ channel }: { channel: Channel }) {
  const { t } = useT();
  const tone = responseTimeTone(channel.response_time);
  if (tone === 'neutral') return <Tag color="neutral">{t('console.channels.responseTime.untested')}</Tag>;
  const text = t('console.channels.responseTime.seconds', { value: (channel.response_time / 1000).toFixed(2) });
  const tag = (
    <Tag
      color={tone === 'lime' ? 'success' : tone}
      variant={tone === 'lime' ? 'outline' : 'soft'}
      data-tone={tone}
      tabIndex={channel.test_time > 0 ? 0 : undefined}
    >
      {text}
    </Tag>
  );
  if (channel.test_time <= 0) return tag;
  return <Tooltip content={t('console.channels.responseTime.testedAt', { time: formatTime(channel.test_time) })}>{tag}</Tooltip>;
}

/**
 * Used quota, and the upstream balance as a button that queries it again. A balance never read, or
 * whose last query failed, is unknown (not "$0.00 left"), with the failure in the tooltip.
 */
export function BalanceCell({ channel, onUpdate, updating, failure }: { channel: Channel; onUpdate: () => void; updating: boolean; failure?: string | undefined }) {
  const { t } = useT();
  const { status } = useSession();
  const balance = channel.balance.toFixed(2);
  const unknown = failure !== undefined || channel.balance_updated_time <= 0;
  const tip = !unknown
    ? t('console.channels.balance.remaining', { value: balance })
    : failure !== undefined
      ? t('console.channels.balance.unknownFailed', { message: failure })
      : t('console.channels.balance.unknownNever');
  return (
    <span>
      <Tooltip content={t('console.channels.balance.used', { value: formatUsedQuota(channel.used_quota, status) })}>
        <Tag color="info" tabIndex={0}>
          {formatUsedQuota(channel.used_quota, status)}
        </Tag>
      </Tooltip>{' '}
      <Tooltip content={tip}>
        <Button size="sm" variant="ghost" loading={updating} onClick={onUpdate} aria-label={tip} data-balance={unknown ? 'unknown' : 'known'}>
          {unknown ? t('console.channels.balance.unknownLabel') : t('console.channels.balance.remainingLabel', { value: balance })}
        </Button>
      </Tooltip>
    </span>
  );
}

