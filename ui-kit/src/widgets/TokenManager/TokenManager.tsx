// "My tokens", pure view (spec §2.5): the list page of tokens plus the debug document.
// Data and server calls come in as props; ConnectedTokenManager wires a SluiceClient.
import { forwardRef, useMemo, useRef, useState, type FormEvent, type HTMLAttributes } from 'react';
import type { TokenSearchQuery } from '../../api/client';
import type { GroupOption, Token, TokenInput } from '../../api/types';
import { Banner } from '../../components/Banner';
import { EmptyState } from '../../components/EmptyState';
import { Button } from '../../components/Button';
import { useClipboard } from '../../components/CopyButton';
import { confirm } from '../../components/Dialog';
import { Input } from '../../components/Input';
import { SafeHtml } from '../../components/Markdown';
import { Spinner } from '../../components/Spinner';
import { Table, type RowKey } from '../../components/Table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/Tabs';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import {
  DEFAULT_QUOTA_DISPLAY,
  buildChatUrl,
  fullKey,
  isDocumentUrl,
  selectedTokensText,
  type ChatLinks,
  type QuotaDisplay,
} from './tokenDisplay';
import { tokenColumns } from './tokenColumns';
import { TokenPanel } from './TokenPanel';
import { StyledFrame, StyledSearchField, StyledSearchForm, StyledTokenManager, StyledToolbar } from './TokenManager.styles';

export interface TokenManagerProps extends HTMLAttributes<HTMLDivElement> {
  tokens: readonly Token[];
  /** Server total; unknown for servers that return bare pages. */
  total?: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  loading?: boolean;
  error?: string | undefined;
  onRetry?: () => void;
  /** This site's API origin, for the banner, "copy base URL" and chat links. */
  siteOrigin: string;
  chatLinks?: ChatLinks;
  quotaDisplay?: QuotaDisplay;
  groups: readonly GroupOption[];
  models: readonly string[];
  groupDescription?: string | undefined;
  /** A page address (embedded in a frame) or HTML; undefined while it loads. */
  debugDocument?: string | undefined;
  debugDocumentError?: boolean;
  onSearch: (query: TokenSearchQuery) => void;
  onCreate: (inputs: TokenInput[]) => Promise<void>;
  onUpdate: (id: number, input: TokenInput) => Promise<void>;
  onDelete: (id: number) => Promise<void>;
  onSetStatus: (id: number, status: 1 | 2) => Promise<void>;
  /** Opens chat client links; defaults to a new window. */
  openUrl?: (url: string) => void;
  /** Epoch seconds; injectable for tests. */
  now?: () => number;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const defaultOpen = (url: string) => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

export const TokenManager = forwardRef<HTMLDivElement, TokenManagerProps>(function TokenManager(
  {
    tokens,
    total,
    page,
    pageSize,
    onPageChange,
    onPageSizeChange,
    loading = false,
    error,
    onRetry,
    siteOrigin,
    chatLinks = {},
    quotaDisplay = DEFAULT_QUOTA_DISPLAY,
    groups,
    models,
    groupDescription,
    debugDocument,
    debugDocumentError = false,
    onSearch,
    onCreate,
    onUpdate,
    onDelete,
    onSetStatus,
    openUrl = defaultOpen,
    now,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const { copy, manualCopyDialog } = useClipboard();
  const [keyword, setKeyword] = useState('');
  const [keySearch, setKeySearch] = useState('');
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [panel, setPanel] = useState<{ open: boolean; token?: Token | undefined }>({ open: false });
  // Selection survives paging, so remember every token seen to copy them later.
  const seen = useRef(new Map<number, Token>());
  for (const token of tokens) seen.current.set(token.id, token);

  const run = async (action: () => Promise<void>, success: string) => {
    try {
      await action();
      toast.success(success);
    } catch (err) {
      toast.error(message(err));
    }
  };

  const columns = useMemo(
    () =>
      tokenColumns({
        t,
        quotaDisplay,
        revealed,
        onToggleKey: (token) =>
          setRevealed((r) => {
            const next = new Set(r);
            if (next.has(token.id)) next.delete(token.id);
            else next.add(token.id);
            return next;
          }),
        onCopyKey: (token) => void copy(fullKey(token.key), { successMessage: t('tokens.copied') }),
        onChat: (token, client) => {
          const result = buildChatUrl(client, token.key, siteOrigin, chatLinks);
          if (result.ok) openUrl(result.url);
          else toast.error(t('tokens.noChatLink'));
        },
        onDelete: (token) =>
          void (async () => {
            const ok = await confirm({
              title: t('tokens.delete'),
              content: t('tokens.deleteConfirm', { name: token.name }),
              tone: 'danger',
            });
            if (ok) await run(() => onDelete(token.id), t('tokens.deleted'));
          })(),
        onToggleStatus: (token) =>
          void run(() => onSetStatus(token.id, token.status === 1 ? 2 : 1), t('tokens.operationDone')),
        onEdit: (token) => setPanel({ open: true, token }),
      }),
    // Handlers close over props that change rarely; rebuilding columns is cheap anyway.
    [t, quotaDisplay, revealed, copy, siteOrigin, chatLinks, openUrl, onDelete, onSetStatus],
  );

  const copySelected = () => {
    const chosen = selected.flatMap((key) => {
      const token = seen.current.get(Number(key));
      return token ? [token] : [];
    });
    if (chosen.length === 0) {
      toast.error(t('tokens.selectAtLeastOne'));
      return;
    }
    void copy(selectedTokensText(chosen), { successMessage: t('tokens.copied') });
  };

  // Bare-array servers give no total: offer one more page while pages come back full.
  const knownTotal = total ?? (page - 1) * pageSize + tokens.length + (tokens.length === pageSize ? 1 : 0);

  return (
    <StyledTokenManager ref={ref} {...rest}>
      <Banner type="success">{t('tokens.banner', { origin: siteOrigin })}</Banner>
      <Tabs defaultValue="list">
        <TabsList>
          <TabsTrigger value="list">{t('tokens.tabList')}</TabsTrigger>
          <TabsTrigger value="document">{t('tokens.tabDocument')}</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <StyledTokenManager>
            <StyledToolbar>
              <StyledSearchForm
                role="search"
                onSubmit={(e: FormEvent) => {
                  e.preventDefault();
                  onSearch({ keyword: keyword.trim(), token: keySearch.trim() });
                }}
              >
              <StyledSearchField>
                <Input aria-label={t('tokens.searchName')} placeholder={t('tokens.searchName')} value={keyword} clearable onValueChange={setKeyword} />
              </StyledSearchField>
              <StyledSearchField>
                <Input aria-label={t('tokens.searchKey')} placeholder={t('tokens.searchKey')} value={keySearch} clearable onValueChange={setKeySearch} />
              </StyledSearchField>
              <Button type="submit" variant="secondary">
                {t('tokens.search')}
              </Button>
              </StyledSearchForm>
              <Button variant="primary" onClick={() => setPanel({ open: true })}>
                {t('tokens.add')}
              </Button>
              <Button variant="outline" onClick={copySelected}>
                {t('tokens.copySelected')}
              </Button>
              <Button variant="outline" onClick={() => void copy(siteOrigin, { successMessage: t('tokens.copied') })}>
                {t('tokens.copyBaseUrl')}
              </Button>
            </StyledToolbar>
            {error !== undefined && (
              <Banner type="danger" actions={onRetry ? <Button size="sm" onClick={onRetry}>{t('common.retry')}</Button> : undefined}>
                {t('tokens.loadFailed', { message: error })}
              </Banner>
            )}
            <Table
              caption={t('tokens.tabList')}
              // Phones scroll the table instead of squeezing names letter by letter.
              minWidth="64rem"
              columns={columns}
              rows={tokens}
              rowKey={(row) => row.id}
              loading={loading}
              empty={t('tokens.empty')}
              isRowDisabled={(row) => row.status !== 1}
              isRowSelectable={() => true}
              selection="multiple"
              selectedKeys={selected}
              onSelectionChange={setSelected}
              pagination={{ page, pageSize, total: knownTotal, onPageChange, onPageSizeChange }}
            />
          </StyledTokenManager>
        </TabsContent>
        <TabsContent value="document">
          {debugDocumentError ? (
            <Banner type="danger">{t('tokens.documentFailed')}</Banner>
          ) : debugDocument === undefined ? (
            <Spinner tip={t('common.loading')} />
          ) : debugDocument.trim() === '' ? (
            // Nothing set by the admin: say so rather than show a blank tab.
            <EmptyState title={t('tokens.documentEmpty')} description={t('tokens.documentEmptyHint')} />
          ) : isDocumentUrl(debugDocument) ? (
            <StyledFrame title={t('tokens.documentFrame')} src={debugDocument.trim()} sandbox="allow-scripts allow-same-origin allow-popups" />
          ) : (
            <SafeHtml>{debugDocument}</SafeHtml>
          )}
        </TabsContent>
      </Tabs>
      <TokenPanel
        open={panel.open}
        token={panel.token}
        onOpenChange={(open) => setPanel((p) => ({ ...p, open }))}
        groups={groups}
        models={models}
        groupDescription={groupDescription}
        quotaDisplay={quotaDisplay}
        onCreate={onCreate}
        onUpdate={onUpdate}
        now={now}
      />
      {manualCopyDialog}
    </StyledTokenManager>
  );
});
