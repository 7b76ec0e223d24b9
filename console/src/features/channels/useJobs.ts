import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@sluice/ui-kit';
import { useT, type MessageKey } from '../../i18n';
import { keys } from '../../api/keys';
import { useApi, useApiData } from '../../api/useApi';
import type { RunStatus } from './types';

export type JobKind = 'test' | 'balance';

const PATHS: Record<JobKind, { start: string; status: () => string; label: MessageKey }> = {
  test: { start: '/api/channel/test', status: keys.channelTestStatus, label: 'console.channels.jobs.testAll' },
  balance: { start: '/api/channel/update_balance', status: keys.channelBalanceStatus, label: 'console.channels.jobs.balanceAll' },
};

// Every poll counts against the per-IP API limit (180 per 180 s by default): a minute-long run costs 30.
const POLL_MS = 2000;

/**
 * One long job (test all, update all balances): its status from the server, polled while it is
 * queued or running; a click while it runs joins it (the server keeps one run per id). When a run
 * seen here ends, `onFinished` refreshes the list.
 */
export function useJob(kind: JobKind, onFinished: () => void) {
  const { t } = useT();
  const { call } = useApi();
  const [watching, setWatching] = useState(false);
  const [starting, setStarting] = useState(false);
  const [finishedHere, setFinishedHere] = useState(false);
  const path = PATHS[kind];
  const { data, mutate } = useApiData<RunStatus>(path.status(), {
    refreshInterval: (latest) => (watching || latest?.state === 'queued' || latest?.state === 'running' ? POLL_MS : 0),
  });
  const active = data?.state === 'queued' || data?.state === 'running';
  const wasActive = useRef(false);

  useEffect(() => {
    if (active) {
      wasActive.current = true;
      setWatching(true);
      return;
    }
    if (wasActive.current && data?.state === 'finished') {
      wasActive.current = false;
      setWatching(false);
      setFinishedHere(true);
      onFinished();
    }
  }, [active, data?.state, onFinished]);

  const start = useCallback(async () => {
    setStarting(true);
    const joined = active;
    const res = await call('GET', path.start);
    setStarting(false);
    if (!res) return;
    const job = t(path.label);
    toast.info(joined ? t('console.channels.jobs.joined', { job }) : t('console.channels.jobs.started', { job }));
    wasActive.current = true;
    setFinishedHere(false);
    setWatching(true);
    await mutate();
  }, [active, call, path, t, mutate]);

  return {
    status: data ?? null,
    active,
    starting,
    start,
    label: t(path.label),
    /** A run ended while this screen watched it: its result stays shown until dismissed. */
    finishedHere,
    dismiss: () => setFinishedHere(false),
  };
}
