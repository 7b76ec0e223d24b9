import { useMemo, useState } from 'react';
import { Banner, ImageViewer, PageContainer, Stack, Table } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useInvalidate } from '../api/useApi';
import { useSession } from '../app/session';
import { defaultMjFilter, taskParams } from '../features/tasks/format';
import { TaskDialog, type TaskDialogState } from '../features/tasks/TaskDialogs';
import { TaskFilters } from '../features/tasks/TaskFilters';
import type { MjRow, TaskFilter } from '../features/tasks/types';
import { useLoadedPages } from '../features/tasks/useLoadedPages';
import { useMjColumns } from '../features/tasks/useMjColumns';

/** Drawing logs (§2.9): filters, the admin's callback notice, the task table, result images in a viewer. */
export function MidjourneyPage() {
  const { t } = useT();
  const { admin, status } = useSession();
  const invalidate = useInvalidate();
  const [filter, setFilter] = useState<TaskFilter>(defaultMjFilter);
  const [run, setRun] = useState(0);
  const params = useMemo(() => taskParams(filter, admin, 'mj_id'), [filter, admin]);
  const list = useLoadedPages<MjRow>((p, size) => keys.mjTasks(admin, { ...params, p, page_size: size }), `${run}|${JSON.stringify(params)}`, 'mj-page-size');
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  // The row stays while the viewer closes, so its last frame still shows the image.
  const [viewer, setViewer] = useState<{ open: boolean; row: MjRow | null }>({ open: false, row: null });
  const columns = useMjColumns({
    onText: (title, text) => setDialog({ kind: 'text', title, text }),
    onImage: (row) => setViewer({ open: true, row }),
  });
  const search = (next: TaskFilter) => {
    setFilter(next);
    setRun((n) => n + 1);
    void invalidate('/api/mj/');
  };
  const shown = viewer.row;
  return (
    <PageContainer title={t('console.tasks.mj.title')} width="full">
      <Stack gap={5}>
        {admin && status.mj_notify_enabled !== true && <Banner type="info">{t('console.tasks.mj.notifyOff')}</Banner>}
        <TaskFilters value={filter} admin={admin} defaults={defaultMjFilter} onSearch={search} idPrefix="mj" />
        <Table<MjRow>
          caption={t('console.tasks.mj.title')}
          minWidth={admin ? '76rem' : '64rem'}
          columns={columns}
          rows={list.rows}
          rowKey={(r) => r.id}
          loading={list.loading}
          empty={t('console.tasks.mj.empty')}
          pagination={list.pagination}
        />
      </Stack>
      <TaskDialog state={dialog} onClose={() => setDialog(null)} />
      <ImageViewer
        images={shown ? [{ src: shown.image_url, alt: t('console.tasks.mj.imageAlt', { id: shown.mj_id }) }] : []}
        open={viewer.open}
        onOpenChange={(open) => setViewer((v) => ({ ...v, open }))}
      />
    </PageContainer>
  );
}
