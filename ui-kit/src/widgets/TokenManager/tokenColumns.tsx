// Columns and row actions of the token list (spec §2.5).
import type { Token } from '../../api/types';
import { Button } from '../../components/Button';
import { DropdownMenu } from '../../components/DropdownMenu';
import { IconButton } from '../../components/IconButton';
import type { TableColumn } from '../../components/Table';
import { Tag, type TagColor } from '../../components/Tag';
import type { Translate } from '../../i18n';
import { EyeIcon, EyeOffIcon } from '../../internal/icons';
import {
  CHAT_CLIENTS,
  CHAT_CLIENT_NAMES,
  formatQuota,
  formatTimestamp,
  fullKey,
  maskKey,
  type ChatClient,
  type QuotaDisplay,
} from './tokenDisplay';
import { StyledActions, StyledKey, StyledMuted } from './TokenManager.styles';

export interface TokenRowActions {
  onToggleKey: (token: Token) => void;
  onCopyKey: (token: Token) => void;
  onChat: (token: Token, client: ChatClient) => void;
  onDelete: (token: Token) => void;
  onToggleStatus: (token: Token) => void;
  onEdit: (token: Token) => void;
}

export interface TokenColumnContext extends TokenRowActions {
  t: Translate;
  quotaDisplay: QuotaDisplay;
  revealed: ReadonlySet<number>;
}

const STATUS: Record<Token['status'], { key: 'statusEnabled' | 'statusDisabled' | 'statusExpired' | 'statusExhausted'; color: TagColor }> = {
  1: { key: 'statusEnabled', color: 'success' },
  2: { key: 'statusDisabled', color: 'neutral' },
  3: { key: 'statusExpired', color: 'warning' },
  4: { key: 'statusExhausted', color: 'danger' },
};

export function tokenColumns(ctx: TokenColumnContext): TableColumn<Token>[] {
  const { t, quotaDisplay } = ctx;
  return [
    // On one line: a short name broken mid-word ("seede|d") reads as two words. A long one is cut
    // with an ellipsis, so it cannot push the row's buttons onto several lines on a phone.
    { key: 'name', title: t('tokens.columnName'), hideable: false, nowrap: true, maxWidth: '12rem', render: (row) => row.name },
    {
      key: 'status',
      title: t('tokens.columnStatus'),
      render: (row) => <Tag color={STATUS[row.status].color}>{t(`tokens.${STATUS[row.status].key}`)}</Tag>,
    },
    {
      key: 'group',
      title: t('tokens.columnGroup'),
      render: (row) => (row.group ? <Tag size="sm">{row.group}</Tag> : <StyledMuted>-</StyledMuted>),
    },
    { key: 'used', title: t('tokens.columnUsed'), align: 'end', render: (row) => formatQuota(row.used_quota, quotaDisplay) },
    {
      key: 'remain',
      title: t('tokens.columnRemain'),
      align: 'end',
      render: (row) => (row.unlimited_quota ? t('tokens.unlimited') : formatQuota(row.remain_quota, quotaDisplay)),
    },
    { key: 'created', title: t('tokens.columnCreated'), render: (row) => formatTimestamp(row.created_time) },
    {
      key: 'expiry',
      title: t('tokens.columnExpiry'),
      render: (row) => (row.expired_time === -1 ? t('tokens.never') : formatTimestamp(row.expired_time)),
    },
    {
      key: 'key',
      title: t('tokens.columnKey'),
      render: (row) => {
        const shown = ctx.revealed.has(row.id);
        return (
          <StyledKey>
            <span data-testid="token-key">{shown ? fullKey(row.key) : maskKey(row.key)}</span>
            <IconButton
              size="sm"
              aria-label={shown ? t('tokens.hideKey') : t('tokens.viewKey')}
              icon={shown ? <EyeOffIcon /> : <EyeIcon />}
              onClick={() => ctx.onToggleKey(row)}
            />
          </StyledKey>
        );
      },
    },
    {
      key: 'actions',
      title: t('common.actions'),
      hideable: false,
      render: (row) => (
        <StyledActions aria-label={t('tokens.rowActions', { name: row.name })} role="group">
          <Button size="sm" variant="outline" onClick={() => ctx.onCopyKey(row)}>
            {t('tokens.copyKey')}
          </Button>
          <DropdownMenu
            items={CHAT_CLIENTS.map((client) => ({
              key: client,
              label: CHAT_CLIENT_NAMES[client],
              onSelect: () => ctx.onChat(row, client),
            }))}
          >
            <Button size="sm" variant="outline">
              {t('tokens.chat')}
            </Button>
          </DropdownMenu>
          <Button size="sm" variant="ghost" tone={row.status === 1 ? 'warning' : 'success'} onClick={() => ctx.onToggleStatus(row)}>
            {row.status === 1 ? t('tokens.disable') : t('tokens.enable')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => ctx.onEdit(row)}>
            {t('tokens.edit')}
          </Button>
          <Button size="sm" variant="ghost" tone="danger" onClick={() => ctx.onDelete(row)}>
            {t('tokens.delete')}
          </Button>
        </StyledActions>
      ),
    },
  ];
}
