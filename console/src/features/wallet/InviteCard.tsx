// The invite card (spec §2.7): pending and total earnings, invite count, the copyable invite
// link (the register page with aff), the transfer dialog and the promotion image.
import { useState } from 'react';
import { Banner, Button, Card, CopyButton, Input, Markdown, StatCard, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';
import { formatQuota, type QuotaDisplay } from '../quota/format';
import { TransferDialog } from './TransferDialog';
import type { SelfWallet } from './types';

/** Only web addresses become an image; anything else is left out. */
function imageMarkdown(url: string, alt: string): string | null {
  const u = url.trim();
  if (!/^https?:\/\/[^\s<>]+$/i.test(u)) return null;
  return `![${alt.replace(/[[\]]/g, '')}](<${u}>)`;
}

export function InviteCard({ self, display, onTransferred }: { self: SelfWallet | undefined; display: QuotaDisplay; onTransferred: () => void }) {
  const { t } = useT();
  const [transferring, setTransferring] = useState(false);
  const aff = useApiData<string>(keys.affCode());
  const image = useApiData<string>(keys.affiliateImage());
  const link = aff.data ? `${window.location.origin}/register?aff=${encodeURIComponent(aff.data)}` : '';
  const pending = self?.aff_quota ?? 0;
  const picture = typeof image.data === 'string' ? imageMarkdown(image.data, t('console.wallet.invite.image')) : null;

  return (
    <Card title={t('console.wallet.invite.title')} description={t('console.wallet.invite.description')}>
      <Stack gap={4}>
        <Stack direction="row" gap={3} align="stretch">
          <StatCard
            label={t('console.wallet.invite.pending')}
            value={formatQuota(pending, display)}
            tone="primary"
            loading={!self}
            extra={
              <Button size="sm" variant="outline" disabled={pending <= 0} onClick={() => setTransferring(true)}>
                {t('console.wallet.invite.transfer')}
              </Button>
            }
          />
          <StatCard label={t('console.wallet.invite.total')} value={formatQuota(self?.aff_history_quota ?? 0, display)} loading={!self} />
          <StatCard label={t('console.wallet.invite.count')} value={String(self?.aff_count ?? 0)} loading={!self} />
        </Stack>
        {aff.error ? (
          <Banner type="danger">{t('console.wallet.invite.linkFailed')}</Banner>
        ) : (
          <Stack direction="row" gap={2} align="center" wrap={false}>
            <Input aria-label={t('console.wallet.invite.link')} value={link} readOnly />
            <CopyButton text={link} disabled={link === ''} successMessage={t('console.wallet.invite.linkCopied')}>
              {t('console.wallet.invite.copyLink')}
            </CopyButton>
          </Stack>
        )}
        {image.error ? <Banner type="danger">{t('console.wallet.invite.imageFailed')}</Banner> : picture && <Markdown size="sm">{picture}</Markdown>}
      </Stack>
      <TransferDialog
        open={transferring}
        pending={pending}
        display={display}
        onClose={() => setTransferring(false)}
        onDone={() => {
          setTransferring(false);
          onTransferred();
        }}
      />
    </Card>
  );
}
