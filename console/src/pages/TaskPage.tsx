import { useMemo, useState } from 'react';
import { PageContainer, Stack, Table } from '@sluice/ui-kit';
import { useT } from '../i18n';
import { keys } from '../api/keys';
import { useInvalidate } from '../api/useApi';
import { useSession } from '../app/session';
import { defaultTaskFilter, taskParams } from '../features/tasks/format';
import { TaskDialog, type TaskDialogState } from '../features/tasks/TaskDialogs';
import { TaskFilters } from '../features/tasks/TaskFilters';
import type { TaskFilter, TaskRow } from '../features/tasks/types';
import { useLoadedPages } from '../features/tasks/useLoadedPages';
import { useTaskColumns } from '../features/tasks/useTaskColumns';

/** Async tasks (§2.10): filters from the start of today, the task table, the record and failure dialogs. */
export function TaskPage() {
  const { t } = useT();
  const { admin } = useSession();
  const invalidate = useInvalidate();
  const [filter, setFilter] = useState<TaskFilter>(defaultTaskFilter);
  const [run, setRun] = useState(0);
  const params = useMemo(() => taskParams(filter, admin, 'task_id'), [filter, admin]);
  const list = useLoadedPages<TaskRow>((p, size) => keys.asyncTasks(admin, { ...params, p, page_size: size }), `${run}|${JSON.stringify(params)}`, 'task-page-size');
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const columns = useTaskColumns({
    onText: (title, text) => setDialog({ kind: 'text', title, text }),
    onJson: (record) => setDialog({ kind: 'json', record }),
  });
  const search = (next: TaskFilter) => {
    setFilter(next);
    setRun((n) => n + 1);
    void invalidate('/api/task/');
  };
  return (
    <PageContainer title={t('console.tasks.task.title')} width="full">
      <Stack gap={5}>
        <TaskFilters value={filter} admin={admin} defaults={defaultTaskFilter} onSearch={search} idPrefix="task" />
        <Table<TaskRow>
          caption={t('console.tasks.task.title')}
          minWidth={admin ? '76rem' : '70rem'}
          columns={columns}
          rows={list.rows}
          rowKey={(r) => r.id}
          loading={list.loading}
          empty={t('console.tasks.task.empty')}
          pagination={list.pagination}
        />
      </Stack>
      <TaskDialog state={dialog} onClose={() => setDialog(null)} />
    </PageContainer>
  );
}
