// /redemption (spec §2.6, §4, §5): search by id or name, the paged table with its row actions,
// add and edit dialogs, the created codes shown once, copy selected and removal of invalid codes.
import { useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogClose,
  Input,
  PageContainer,
  Stack,
  Table,
  Toolbar,
  confirm,
  toast,
  useClipboard,
  type ApiBody,
  type ApiData,
  type RowKey,
  type TableColumn,
} from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { usePaging } from '../../hooks/usePaging';
import { formatQuota, quotaDisplayOf } from '../quota/format';
import { CreatedCodesDialog } from './CreatedCodesDialog';
import { RedemptionActions, RedemptionStatus, type RedemptionAction } from './RedemptionCells';
import { RedemptionFormDialog, type RedemptionFormTarget } from './RedemptionFormDialog';
import { RedemptionView } from './RedemptionView';
import { REDEMPTION_DISABLED, REDEMPTION_UNUSED, formatTime, selectedCodesText, type Redemption, type RedemptionPage } from './types';

export function RedemptionManagement() {
  const { t } = useT();
  const { status } = useSession();
  const { call } = useApi();
  const { copy, manualCopyDialog } = useClipboard();
  const display = quotaDisplayOf(status);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState('');
  const { page, pageSize, setPage, pagination } = usePaging('first-page');
  const [selected, setSelected] = useState<RowKey[]>([]);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [form, setForm] = useState<RedemptionFormTarget | null>(null);
  const [created, setCreated] = useState<string[] | null>(null);
  const [viewing, setViewing] = useState<Redemption | null>(null);
  // Selection survives paging: remember every row seen.
  const seen = useRef(new Map<number, Redemption>());

  const key = filter !== '' ? keys.redemptionSearch(filter, page - 1, pageSize) : keys.redemptions(page - 1, pageSize);
  const { data, isLoading, mutate } = useApiData<RedemptionPage>(key, { keepPreviousData: true });
  for (const r of data?.items ?? []) seen.current.set(r.id, r);

  const patchRow = (row: Redemption) =>
    void mutate((current) => (current ? { ...current, items: current.items.map((r) => (r.id === row.id ? row : r)) } : current), { revalidate: false });

  /** The rows with their whole codes (POST /api/redemption/keys); null when the request failed (toasted). */
  const wholeCodes = async (rows: readonly Redemption[]): Promise<Redemption[] | null> => {
    const body = { ids: rows.map((r) => r.id) } satisfies ApiBody<'/api/redemption/keys', 'post'>;
    const res = await call<ApiData<'/api/redemption/keys', 'post'>>('POST', '/api/redemption/keys', body);
    if (!res) return null;
    const byId = new Map(res.data.map((k) => [k.id, k.key]));
    return rows.flatMap((r) => (byId.has(r.id) ? [{ ...r, key: byId.get(r.id) ?? '' }] : []));
  };

  const onAction = async (action: RedemptionAction, row: Redemption) => {
    switch (action) {
      case 'view':
        setViewing(row);
        return;
      case 'copy': {
        // The list carries the code masked; the whole code is asked for at the copy.
        const whole = await wholeCodes([row]);
        const first = whole?.[0];
        if (first) await copy(first.key, { successMessage: t('console.redemptions.copied') });
        return;
      }
      case 'edit':
        setForm({ mode: 'edit', code: row });
        return;
      case 'toggle': {
        setBusyId(row.id);
        const next = row.status === REDEMPTION_UNUSED ? REDEMPTION_DISABLED : REDEMPTION_UNUSED;
        const body = { id: row.id, status: next } satisfies ApiBody<'/api/redemption', 'put'>;
        const res = await call<ApiData<'/api/redemption', 'put'>>('PUT', '/api/redemption/?status_only=true', body);
        setBusyId(null);
        if (res) {
          toast.success(t('console.redemptions.done'));
          patchRow(res.data);
        }
        return;
      }
      case 'delete': {
        const ok = await confirm({
          title: t('console.redemptions.deleteTitle'),
          content: t('console.redemptions.deleteConfirm', { name: row.name }),
          tone: 'danger',
        });
        if (!ok) return;
        if (await call('DELETE', `/api/redemption/${row.id}/`)) {
          toast.success(t('console.redemptions.done'));
          seen.current.delete(row.id);
          setSelected((s) => s.filter((k) => k !== row.id));
          await mutate();
        }
        return;
      }
      default: {
        const never: never = action;
        return never;
      }
    }
  };

  const copySelected = async () => {
    const rows = selected.flatMap((k) => seen.current.get(Number(k)) ?? []);
    if (rows.length === 0) {
      toast.error(t('console.redemptions.selectAtLeastOne'));
      return;
    }
    const whole = await wholeCodes(rows);
    if (whole) await copy(selectedCodesText(whole), { successMessage: t('console.redemptions.copied') });
  };

  const removeInvalid = async () => {
    const ok = await confirm({ title: t('console.redemptions.removeInvalid'), content: t('console.redemptions.removeInvalidConfirm'), tone: 'danger' });
    if (!ok) return;
    const res = await call<ApiData<'/api/redemption/invalid', 'delete'>>('DELETE', '/api/redemption/invalid');
    if (res) {
      toast.success(t('console.redemptions.removedInvalid', { count: res.data }));
      await mutate();
    }
  };

  const columns: TableColumn<Redemption>[] = [
    { key: 'id', title: t('console.redemptions.columns.id'), width: '5rem' },
    { key: 'name', title: t('console.redemptions.columns.name'), render: (r) => r.name },
    { key: 'status', title: t('console.redemptions.columns.status'), render: (r) => <RedemptionStatus status={r.status} /> },
    { key: 'quota', title: t('console.redemptions.columns.quota'), align: 'end', render: (r) => formatQuota(r.quota, display) },
    { key: 'created', title: t('console.redemptions.columns.created'), render: (r) => formatTime(r.created_time) },
    {
      key: 'redeemer',
      title: t('console.redemptions.columns.redeemer'),
      render: (r) => (r.used_user_id === 0 ? t('console.redemptions.none') : String(r.used_user_id)),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      render: (r) => <RedemptionActions row={r} busy={busyId === r.id} onAction={(a, row) => void onAction(a, row)} />,
    },
  ];

  return (
    <PageContainer title={t('console.redemptions.title')} width="full">
      <Stack gap={4}>
        <Toolbar
          filtersLabel={t('console.redemptions.filters')}
          onSearch={() => {
            setFilter(keyword.trim());
            setPage(1);
          }}
          filters={
            <>
              <Input
                aria-label={t('console.redemptions.keyword')}
                placeholder={t('console.redemptions.keyword')}
                value={keyword}
                onValueChange={setKeyword}
                clearable
              />
              <Button type="submit" variant="secondary">
                {t('console.redemptions.search')}
              </Button>
            </>
          }
          actions={
            <>
              <Button variant="primary" onClick={() => setForm({ mode: 'add' })}>
                {t('console.redemptions.add')}
              </Button>
              <Button variant="outline" onClick={() => void copySelected()}>
                {t('console.redemptions.copySelected')}
              </Button>
              <Button variant="outline" tone="danger" onClick={() => void removeInvalid()}>
                {t('console.redemptions.removeInvalid')}
              </Button>
            </>
          }
        />
        <Table
          caption={t('console.redemptions.caption')}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(r) => r.id}
          loading={isLoading}
          minWidth="56rem"
          isRowDisabled={(r) => r.status !== REDEMPTION_UNUSED}
          isRowSelectable={() => true}
          selection="multiple"
          selectedKeys={selected}
          onSelectionChange={setSelected}
          empty={t('console.redemptions.empty')}
          pagination={pagination(data?.total ?? 0)}
        />
      </Stack>
      <RedemptionFormDialog
        target={form}
        display={display}
        onClose={() => setForm(null)}
        onSaved={(result) => {
          setForm(null);
          if ('edited' in result) patchRow(result.edited);
          else {
            setCreated(result.created);
            void mutate();
          }
        }}
      />
      <CreatedCodesDialog codes={created} onClose={() => setCreated(null)} />
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        title={t('console.redemptions.viewTitle')}
        footer={
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        }
      >
        {viewing && <RedemptionView code={viewing} display={display} />}
      </Dialog>
      {manualCopyDialog}
    </PageContainer>
  );
}
