// /user (spec §2 screen 10, §4): paged list (10/20/50/100) with keyword and group search, add and
// edit dialogs, row actions whose answer (status, role, quota) replaces the row's values, and the
// quota dialog. Deleted users stay listed as cancelled, without actions.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Dialog, DialogActions, FormField, Input, PageContainer, Select, Stack, Table, Toolbar, toast, type ApiBody, type TableColumn } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useSession } from '../../app/session';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import { usePaging } from '../../hooks/usePaging';
import { quotaDisplayOf } from '../quota/format';
import { InviteCell, NameCell, RoleTag, StatsCell, StatusTag } from './UserCells';
import { UserActions, type RowAction } from './UserActions';
import { UserFormDialog, type UserFormTarget } from './UserFormDialog';
import { QuotaDialog } from './QuotaDialog';
import type { AdminUser, ManageAction, ManageResult, UserPage } from './types';

export function UserManagement() {
  const { t } = useT();
  const { user: actor, status } = useSession();
  const { call } = useApi();
  const display = quotaDisplayOf(status);
  const [keyword, setKeyword] = useState('');
  const [group, setGroup] = useState<string | null>(null);
  const [filter, setFilter] = useState({ keyword: '', group: '' });
  const { page, pageSize, setPage, pagination } = usePaging('first-page');
  const [busyId, setBusyId] = useState<number | null>(null);
  const [form, setForm] = useState<UserFormTarget | null>(null);
  // /user/edit/{id}: the user is read by id and its edit dialog opened; closing it returns to /user.
  const { id: routeId } = useParams();
  const navigate = useNavigate();
  const routeUserId = routeId !== undefined && /^\d+$/.test(routeId) ? Number(routeId) : null;
  const { data: routeUser, error: routeError } = useApiData<AdminUser>(routeUserId !== null ? keys.user(routeUserId) : null);
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (routeUser && opened.current !== routeUser.id) {
      opened.current = routeUser.id;
      setForm({ mode: 'edit', user: routeUser });
    }
  }, [routeUser]);
  useEffect(() => {
    if (routeId !== undefined && (routeUserId === null || routeError)) {
      toast.error(t('console.users.editNotFound', { id: routeId }));
      navigate('/user', { replace: true });
    }
  }, [routeId, routeUserId, routeError, navigate, t]);
  const closeForm = () => {
    setForm(null);
    if (routeId !== undefined) navigate('/user', { replace: true });
  };
  const [quotaUser, setQuotaUser] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);

  const searching = filter.keyword !== '' || filter.group !== '';
  const key = searching ? keys.userSearch(filter.keyword, filter.group, page - 1, pageSize) : keys.users(page - 1, pageSize);
  const { data, isLoading, mutate } = useApiData<UserPage>(key, { keepPreviousData: true });
  const { data: groups } = useApiData<string[]>(keys.groups());

  /** Replaces one row's values in the cached page, without refetching. */
  const patchRow = (id: number, patch: Partial<AdminUser>) =>
    void mutate((current) => (current ? { ...current, items: current.items.map((u) => (u.id === id ? { ...u, ...patch } : u)) } : current), { revalidate: false });

  const manage = async (action: ManageAction, target: AdminUser) => {
    setBusyId(target.id);
    const res = await call<ManageResult>('POST', '/api/user/manage', { id: target.id, action } satisfies ApiBody<'/api/user/manage', 'post'>);
    setBusyId(null);
    if (!res) return;
    toast.success(t('console.users.actions.done'));
    patchRow(target.id, { role: res.data.role, status: res.data.status, ...(action === 'delete' ? { DeletedAt: Math.floor(Date.now() / 1000) } : {}) });
  };

  const onAction = (action: RowAction, target: AdminUser) => {
    if (action === 'edit') setForm({ mode: 'edit', user: target });
    else if (action === 'quota') setQuotaUser(target);
    else if (action === 'delete') setDeleting(target);
    else void manage(action, target);
  };

  const columns: TableColumn<AdminUser>[] = [
    { key: 'id', title: t('console.users.columns.id'), width: '4rem' },
    { key: 'username', title: t('console.users.columns.username'), render: (u) => <NameCell user={u} /> },
    { key: 'group', title: t('console.users.columns.group'), render: (u) => u.group },
    { key: 'stats', title: t('console.users.columns.stats'), render: (u) => <StatsCell user={u} display={display} /> },
    { key: 'invite', title: t('console.users.columns.invite'), render: (u) => <InviteCell user={u} display={display} /> },
    { key: 'role', title: t('console.users.columns.role'), render: (u) => <RoleTag role={u.role} /> },
    { key: 'status', title: t('console.users.columns.status'), render: (u) => <StatusTag user={u} /> },
    {
      key: 'actions',
      title: t('console.users.columns.actions'),
      width: '20rem',
      render: (u) => <UserActions user={u} actorRole={actor?.role ?? 0} busy={busyId === u.id} onAction={onAction} />,
    },
  ];

  const search = () => {
    setFilter({ keyword: keyword.trim(), group: group ?? '' });
    setPage(1);
  };

  return (
    <PageContainer title={t('console.users.title')} description={t('console.users.description')} width="full">
      <Stack gap={4}>
        <Toolbar
          filtersLabel={t('console.users.filters')}
          onSearch={search}
          filters={
            <>
              <FormField label={t('console.users.keyword')}>
                <Input placeholder={t('console.users.keywordPlaceholder')} value={keyword} onValueChange={setKeyword} clearable />
              </FormField>
              <FormField label={t('console.users.group')}>
                <Select
                  aria-label={t('console.users.group')}
                  placeholder={t('console.users.groupPlaceholder')}
                  options={(groups ?? []).map((g) => ({ value: g, label: g }))}
                  value={group}
                  onValueChange={setGroup}
                  clearable
                />
              </FormField>
              <Button type="submit" variant="primary">
                {t('console.users.search')}
              </Button>
            </>
          }
          actions={
            <Button variant="outline" onClick={() => setForm({ mode: 'add' })}>
              {t('console.users.add')}
            </Button>
          }
        />
        <Table
          caption={t('console.users.caption')}
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(u) => u.id}
          loading={isLoading}
          minWidth="68rem"
          isRowDisabled={(u) => u.DeletedAt !== null}
          pagination={pagination(data?.total ?? 0)}
        />
      </Stack>
      <UserFormDialog
        target={form}
        display={display}
        onClose={closeForm}
        onSaved={(saved) => {
          closeForm();
          if (saved) patchRow(saved.id, saved);
          else void mutate();
        }}
      />
      <QuotaDialog
        user={quotaUser}
        display={display}
        onClose={() => setQuotaUser(null)}
        onDone={(u, result) => {
          setQuotaUser(null);
          patchRow(u.id, { role: result.role, status: result.status, ...(result.quota !== undefined ? { quota: result.quota } : {}) });
        }}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('console.users.confirmDelete.title', { username: deleting?.username ?? '' })}
        description={t('console.users.confirmDelete.body')}
        footer={
          <DialogActions
            cancelText={t('console.users.confirmDelete.cancel')}
            confirmText={t('console.users.confirmDelete.confirm')}
            tone="danger"
            onConfirm={() => {
              const target = deleting;
              setDeleting(null);
              if (target) void manage('delete', target);
            }}
          />
        }
      />
    </PageContainer>
  );
}
