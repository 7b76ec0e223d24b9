import { useCallback, useState } from 'react';
import { SluiceApiError, toast, type ApiAnswer, type ApiBody } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { CHANNEL_DISABLED, CHANNEL_ENABLED, type Channel } from './types';

/** GET /api/channel/test/{id} answers flat: {success, message, time} (seconds). */
type TestAnswer = ApiAnswer<'/api/channel/test/{id}', 'get'>;

/** Every row and toolbar action of the channel list; each refreshes the list after a change. */
export function useChannelActions(refresh: () => Promise<unknown>) {
  const { t } = useT();
  const { call, request, describe } = useApi();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  // Why a channel's last balance query failed (this page's session): the balance then reads unknown.
  const [balanceFailures, setBalanceFailures] = useState<Record<number, string>>({});

  const track = useCallback(async <T,>(key: string, fn: () => Promise<T>): Promise<T> => {
    setBusy((b) => ({ ...b, [key]: true }));
    try {
      return await fn();
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
    }
  }, []);

  const test = useCallback(
    (ch: Channel, model?: string) =>
      track(`test-${ch.id}`, async () => {
        const path = `/api/channel/test/${ch.id}${model ? `?model=${encodeURIComponent(model)}` : ''}`;
        try {
          // The answer is flat ({success, message, time} in seconds); a failed test throws.
          const res = await request('GET', path);
          const time = (res.body as Partial<TestAnswer>).time;
          toast.success(t('console.channels.messages.testOk', { name: ch.name, time: (typeof time === 'number' ? time : 0).toFixed(2) }));
        } catch (e) {
          const message = e instanceof SluiceApiError ? e.message : describe(e);
          toast.error(t('console.channels.messages.testFailed', { name: ch.name, message }));
        }
        await refresh();
      }),
    [track, request, describe, t, refresh],
  );

  const updateBalance = useCallback(
    (ch: Channel) =>
      track(`balance-${ch.id}`, async () => {
        try {
          await request('GET', `/api/channel/update_balance/${ch.id}/`);
          setBalanceFailures(({ [ch.id]: _gone, ...rest }) => rest);
          toast.success(t('console.channels.balance.updated'));
        } catch (e) {
          const message = e instanceof SluiceApiError ? e.message : describe(e);
          setBalanceFailures((f) => ({ ...f, [ch.id]: message }));
          toast.error(message);
        }
        await refresh();
      }),
    [track, request, describe, t, refresh],
  );

  const put = useCallback(
    async (body: ApiBody<'/api/channel', 'put'>): Promise<boolean> => {
      const res = await call('PUT', '/api/channel/', body);
      if (res) toast.success(t('console.channels.messages.done'));
      await refresh();
      return res !== null;
    },
    [call, t, refresh],
  );

  const setEnabled = useCallback(
    (ch: Channel, on: boolean) => track(`status-${ch.id}`, () => put({ id: ch.id, status: on ? CHANNEL_ENABLED : CHANNEL_DISABLED })),
    [track, put],
  );
  const savePriority = useCallback((ch: Channel, priority: number) => put({ id: ch.id, priority: Math.max(priority, -999) }), [put]);
  const saveWeight = useCallback((ch: Channel, weight: number) => put({ id: ch.id, weight: Math.max(weight, 0) }), [put]);

  const remove = useCallback(
    async (ch: Channel) => {
      if (await call('DELETE', `/api/channel/${ch.id}/`)) toast.success(t('console.channels.messages.done'));
      await refresh();
    },
    [call, t, refresh],
  );

  /** Server-side copy (admins cannot read keys): name suffix, balance and used quota reset (spec §4). */
  const copy = useCallback(
    (ch: Channel) =>
      track(`copy-${ch.id}`, async () => {
        try {
          await request('POST', `/api/channel/copy/${ch.id}?suffix=${encodeURIComponent('_复制')}&reset_balance=true`);
          toast.success(t('console.channels.messages.copied'));
        } catch (e) {
          toast.error(t('console.channels.messages.copyFailed', { message: describe(e) }));
        }
        await refresh();
      }),
    [track, request, describe, t, refresh],
  );

  const removeSelected = useCallback(
    async (ids: number[]): Promise<boolean> => {
      if (ids.length === 0) {
        toast.error(t('console.channels.messages.selectFirst'));
        return false;
      }
      const res = await call<number>('POST', '/api/channel/batch', { ids });
      if (res) toast.success(t('console.channels.messages.deleted', { count: res.data ?? 0 }));
      await refresh();
      return res !== null;
    },
    [call, t, refresh],
  );

  const removeDisabled = useCallback(async () => {
    const res = await call<number>('DELETE', '/api/channel/disabled');
    if (res) toast.success(t('console.channels.messages.disabledDeleted', { count: res.data ?? 0 }));
    await refresh();
  }, [call, t, refresh]);

  const fix = useCallback(async () => {
    const res = await call<number>('POST', '/api/channel/fix');
    if (res) toast.success(t('console.channels.messages.fixed', { count: res.data ?? 0 }));
    await refresh();
  }, [call, t, refresh]);

  return { busy, balanceFailures, test, updateBalance, setEnabled, savePriority, saveWeight, remove, copy, removeSelected, removeDisabled, fix };
}
