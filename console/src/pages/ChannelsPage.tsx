import { useCallback, useState } from 'react';
import { PageContainer, Stack, type RowKey } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ChannelActionsBar, ChannelFiltersBar } from '../features/channels/ChannelToolbar';
import { ChannelSheet } from '../features/channels/ChannelSheet';
import { ChannelTable } from '../features/channels/ChannelTable';
import { JobProgress } from '../features/channels/JobProgress';
import { useChannelActions } from '../features/channels/useChannelActions';
import { useChannelList } from '../features/channels/useChannelList';
import { useConfirm } from '../features/channels/useConfirm';
import { useJob } from '../features/channels/useJobs';

/** /channel, /channel/add and /channel/edit/:id: the list, with the side panel over it. */
export function ChannelsPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { id } = useParams();
  const list = useChannelList();
  const actions = useChannelActions(list.refresh);
  const { ask, dialog } = useConfirm();
  const refresh = list.refresh;
  const onJobDone = useCallback(() => void refresh(), [refresh]);
  const testAll = useJob('test', onJobDone);
  const balanceAll = useJob('balance', onJobDone);
  const [batch, setBatch] = useState(false);
  const [selected, setSelected] = useState<RowKey[]>([]);

  const editId = id !== undefined && /^\d+$/.test(id) ? Number(id) : null;
  const sheet = pathname.startsWith('/channel/add') ? 'add' : editId !== null ? 'edit' : null;

  const confirmText = { confirmText: t('console.channels.confirm.ok'), cancelText: t('console.channels.confirm.cancel') };

  return (
    <PageContainer title={t('console.channels.title')} description={t('console.channels.description')} width="full">
      <Stack gap={3}>
        <ChannelFiltersBar idSort={list.idSort} onIdSort={list.setIdSort} onSearch={list.search} />
        <ChannelActionsBar
          testAll={testAll}
          balanceAll={balanceAll}
          onRefresh={() => void list.refresh()}
          onDeleteDisabled={() =>
            ask({
              title: t('console.channels.confirm.deleteDisabledTitle'),
              content: t('console.channels.confirm.deleteBody'),
              tone: 'danger',
              ...confirmText,
              onConfirm: actions.removeDisabled,
            })
          }
          onFix={() =>
            ask({ title: t('console.channels.confirm.fixTitle'), content: t('console.channels.confirm.fixBody'), ...confirmText, onConfirm: actions.fix })
          }
          batch={batch}
          onBatch={(on) => {
            setBatch(on);
            setSelected([]);
          }}
          selectedCount={selected.length}
          onDeleteSelected={() => {
            const ids = selected.map(Number);
            if (ids.length === 0) {
              void actions.removeSelected(ids);
              return;
            }
            ask({
              title: t('console.channels.confirm.deleteSelectedTitle'),
              content: t('console.channels.confirm.deleteSelectedBody', { count: ids.length }),
              tone: 'danger',
              ...confirmText,
              onConfirm: async () => {
                if (await actions.removeSelected(ids)) setSelected([]);
              },
            });
          }}
        />
        <JobProgress job={testAll} name="test" />
        <JobProgress job={balanceAll} name="balance" />
        <ChannelTable list={list} actions={actions} ask={ask} batch={batch} selected={selected} onSelectionChange={setSelected} />
      </Stack>
      {sheet !== null ? (
        <ChannelSheet
          mode={sheet}
          id={editId}
          onClose={() => navigate('/channel')}
          onSaved={() => {
            navigate('/channel');
            void list.refresh();
          }}
        />
      ) : null}
      {dialog}
    </PageContainer>
  );
}
