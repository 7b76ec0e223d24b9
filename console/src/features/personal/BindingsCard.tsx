// Sign-in bindings (spec §2 screen 9): each third-party row shows only when its status flag is
// on; e-mail is always there. GitHub and LinuxDO go through the provider's authorize page
// (/api/oauth/state first), WeChat takes the code from the official account, Telegram its widget.
import { useState } from 'react';
import { Button, Card, Stack, Tag } from '@sluice/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import { useSession } from '../../app/session';
import type { ConsoleStatus } from '../../api/status';
import { useOAuthStart } from '../oauth/useOAuthStart';
import { EmailBindDialog } from './EmailBindDialog';
import { WeChatBindDialog } from './WeChatBindDialog';
import { TelegramBindDialog } from './TelegramBindDialog';
import type { SelfView } from './types';

type Kind = 'github' | 'linuxdo' | 'wechat' | 'telegram' | 'email';

interface Row {
  kind: Kind;
  label: MessageKey;
  value: string;
  shown: boolean;
}

function rowsOf(self: SelfView, status: ConsoleStatus): Row[] {
  return [
    { kind: 'email', label: 'console.personal.bind.email', value: self.email, shown: true },
    { kind: 'github', label: 'console.personal.bind.github', value: self.github_id, shown: status.github_oauth === true },
    { kind: 'linuxdo', label: 'console.personal.bind.linuxdo', value: self.linuxdo_id, shown: status.linuxdo_oauth === true },
    { kind: 'wechat', label: 'console.personal.bind.wechat', value: self.wechat_id, shown: status.wechat_login === true },
    { kind: 'telegram', label: 'console.personal.bind.telegram', value: self.telegram_id, shown: status.telegram_oauth === true },
  ];
}

export function BindingsCard({ self, onChanged }: { self: SelfView; onChanged: () => void }) {
  const { t } = useT();
  const { status } = useSession();
  const [open, setOpen] = useState<Kind | null>(null);
  const { start: redirect, pending: redirecting } = useOAuthStart();

  const start = (kind: Kind) => {
    if (kind === 'github' || kind === 'linuxdo') void redirect(kind);
    else setOpen(kind);
  };

  const done = () => {
    setOpen(null);
    onChanged();
  };

  return (
    <Card title={t('console.personal.bind.title')} description={t('console.personal.bind.description')}>
      <Stack gap={3}>
        {rowsOf(self, status)
          .filter((row) => row.shown)
          .map((row) => {
            const bound = row.value !== '';
            const label = t(row.label);
            return (
              <Stack key={row.kind} direction="row" justify="between" gap={2} data-testid={`binding-${row.kind}`}>
                <Stack gap={1} align="start">
                  <strong>{label}</strong>
                  {bound ? <span>{row.value}</span> : <Tag size="sm">{t('console.personal.bind.notBound')}</Tag>}
                </Stack>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${bound ? t('console.personal.bind.change') : t('console.personal.bind.bind')} ${label}`}
                  // Provider accounts are changed by the provider; e-mail and messaging can be re-bound.
                  disabled={bound && (row.kind === 'github' || row.kind === 'linuxdo')}
                  loading={redirecting === row.kind}
                  onClick={() => start(row.kind)}
                >
                  {!bound
                    ? t('console.personal.bind.bind')
                    : row.kind === 'github' || row.kind === 'linuxdo'
                      ? t('console.personal.bind.bound')
                      : t('console.personal.bind.change')}
                </Button>
              </Stack>
            );
          })}
      </Stack>
      <EmailBindDialog open={open === 'email'} onOpenChange={(o) => setOpen(o ? 'email' : null)} onDone={done} />
      {status.wechat_login ? (
        <WeChatBindDialog open={open === 'wechat'} onOpenChange={(o) => setOpen(o ? 'wechat' : null)} onDone={done} />
      ) : null}
      {status.telegram_oauth && open === 'telegram' ? (
        <TelegramBindDialog botName={status.telegram_bot_name ?? ''} onClose={() => setOpen(null)} onDone={done} />
      ) : null}
    </Card>
  );
}
