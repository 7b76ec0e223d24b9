// TokenManager wired to a SluiceClient: the token list (or search) through swr, and every
// change revalidates the list keys of this server.
import { forwardRef, useCallback, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { SluiceClient, TokenSearchQuery } from '../../api/client';
import { isTokenListKey, sluiceKeys } from '../../api/keys';
import type { TokenInput } from '../../api/types';
import { TokenManager, type TokenManagerProps } from './TokenManager';

type Wired =
  | 'tokens'
  | 'total'
  | 'page'
  | 'pageSize'
  | 'onPageChange'
  | 'onPageSizeChange'
  | 'loading'
  | 'error'
  | 'onRetry'
  | 'siteOrigin'
  | 'chatLinks'
  | 'quotaDisplay'
  | 'groups'
  | 'models'
  | 'groupDescription'
  | 'debugDocument'
  | 'debugDocumentError'
  | 'onSearch'
  | 'onCreate'
  | 'onUpdate'
  | 'onDelete'
  | 'onSetStatus';

export interface ConnectedTokenManagerProps extends Omit<TokenManagerProps, Wired> {
  client: SluiceClient;
  /** Rows per page; 10 unless given. */
  defaultPageSize?: number;
  /** The API origin shown when the status has no server_address (a console passes its own origin). */
  defaultSiteOrigin?: string;
}

function errorText(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  return error instanceof Error ? error.message : String(error);
}

export const ConnectedTokenManager = forwardRef<HTMLDivElement, ConnectedTokenManagerProps>(
  function ConnectedTokenManager({ client, defaultPageSize = 10, defaultSiteOrigin, ...rest }, ref) {
    const scope = client.scope;
    const { mutate } = useSWRConfig();
    const [page, setPage] = useState(1);
    const [pageSize, setPageSize] = useState(defaultPageSize);
    const [search, setSearch] = useState<TokenSearchQuery>({ keyword: '', token: '' });
    const searching = search.keyword !== '' || search.token !== '';

    const list = useSWR(
      searching ? sluiceKeys.tokenSearch(scope, search) : sluiceKeys.tokens(scope, { page, size: pageSize }),
      () => (searching ? client.searchTokens(search) : client.listTokens({ page, size: pageSize })),
      { keepPreviousData: true },
    );
    const status = useSWR(sluiceKeys.status(scope), () => client.getStatus());
    const groups = useSWR(sluiceKeys.groups(scope), () => client.getGroups());
    const models = useSWR(sluiceKeys.models(scope, ''), () => client.getModels());
    const description = useSWR(sluiceKeys.tokenChannelDescription(scope), () => client.getTokenChannelDescription());
    const doc = useSWR(sluiceKeys.debugDocument(scope), () => client.getDebugDocument(), { shouldRetryOnError: false });

    const refresh = useCallback(() => mutate((key) => isTokenListKey(scope, key)), [mutate, scope]);

    const s = status.data;
    // Search results come back whole; show them on one page.
    const items = list.data?.items ?? [];
    return (
      <TokenManager
        ref={ref}
        tokens={items}
        total={searching ? items.length : list.data?.total}
        page={searching ? 1 : page}
        pageSize={searching ? Math.max(pageSize, items.length) : pageSize}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(1);
        }}
        loading={list.isLoading}
        error={errorText(list.error)}
        onRetry={() => void list.mutate()}
        siteOrigin={s?.server_address || defaultSiteOrigin || client.baseUrl}
        chatLinks={{ chatLink: s?.chat_link, chatLink2: s?.chat_link2 }}
        quotaDisplay={{ inCurrency: s?.display_in_currency ?? true, quotaPerUnit: s?.quota_per_unit ?? 500000 }}
        groups={groups.data ?? []}
        models={models.data ?? []}
        groupDescription={description.data}
        debugDocument={doc.data}
        debugDocumentError={doc.error !== undefined}
        onSearch={(query) => {
          setSearch(query);
          setPage(1);
        }}
        onCreate={async (inputs: TokenInput[]) => {
          try {
            // One request per token, as the server creates one per call.
            for (const input of inputs) await client.createToken(input);
          } finally {
            await refresh();
          }
        }}
        onUpdate={async (id, input) => {
          await client.updateToken(id, input);
          await refresh();
        }}
        onDelete={async (id) => {
          await client.deleteToken(id);
          await refresh();
        }}
        onSetStatus={async (id, next) => {
          await client.setTokenStatus(id, next);
          await refresh();
        }}
        {...rest}
      />
    );
  },
);
