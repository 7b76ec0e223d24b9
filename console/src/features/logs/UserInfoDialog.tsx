import { Dialog, Skeleton, Stack, StatCard, type ApiData } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { useSession } from '../../app/session';
import { compactCount, formatQuota, quotaDisplayOf } from '../quota/format';

/** GET /api/user/{id} as documented; the dialog reads username, quota, used_quota and request_count. */
type UserInfo = ApiData<'/api/user/{id}', 'get'>;

/** Admin: clicking a username on a log row shows that user's name, quota, usage and request count. */
export function UserInfoDialog({ userId, onClose }: { userId: number | null; onClose: () => void }) {
  const { t } = useT();
  const { status } = useSession();
  const { data } = useApiData<UserInfo>(userId === null ? null : keys.user(userId));
  const display = quotaDisplayOf(status);
  return (
    <Dialog open={userId !== null} onOpenChange={(open) => !open && onClose()} title={t('console.logs.userInfo.title')}>
      {data ? (
        <Stack direction="row" gap={3}>
          <StatCard label={t('console.logs.userInfo.username')} value={data.username} />
          <StatCard label={t('console.logs.userInfo.quota')} value={formatQuota(data.quota, display)} />
          <StatCard label={t('console.logs.userInfo.usedQuota')} value={formatQuota(data.used_quota, display)} />
          <StatCard label={t('console.logs.userInfo.requestCount')} value={compactCount(data.request_count)} />
        </Stack>
      ) : (
        <Skeleton />
      )}
    </Dialog>
  );
}
