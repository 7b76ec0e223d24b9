// Promise-based confirm(): `if (await confirm({ title, content })) remove()`.
//
// Requests go into a small module store rendered by <ConfirmHost />. Mount one host inside
// your providers so confirms get your theme and language. If none is mounted (e.g. an
// embedded widget), the first call mounts a detached host on document.body with the
// default theme, so confirm() always resolves. Only one host renders at a time, preferring
// an app-mounted one over the detached fallback.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfirmDialog, type ConfirmOptions } from './ConfirmDialog';

interface PendingConfirm {
  id: number;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

interface HostEntry {
  id: number;
  fallback: boolean;
}

interface ConfirmState {
  queue: PendingConfirm[];
  leaderId: number | null;
}

let state: ConfirmState = { queue: [], leaderId: null };
let hosts: HostEntry[] = [];
let nextId = 1;
let fallbackMounted = false;
const listeners = new Set<() => void>();

function update(queue: PendingConfirm[]): void {
  const leader = hosts.find((h) => !h.fallback) ?? hosts[0];
  state = { queue, leaderId: leader?.id ?? null };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

function settle(id: number, confirmed: boolean): void {
  const item = state.queue.find((p) => p.id === id);
  if (!item) return;
  update(state.queue.filter((p) => p.id !== id));
  item.resolve(confirmed);
}

function mountFallbackHost(): void {
  if (fallbackMounted || typeof document === 'undefined') return;
  fallbackMounted = true;
  const container = document.createElement('div');
  container.setAttribute('data-sluice-confirm-host', '');
  document.body.appendChild(container);
  createRoot(container).render(<HostView fallback />);
}

/** Opens a confirmation dialog; resolves true on confirm, false on cancel. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    update([...state.queue, { id: nextId++, options, resolve }]);
    if (hosts.length === 0) mountFallbackHost();
  });
}

function HostView({ fallback }: { fallback: boolean }) {
  const [hostId] = useState(() => nextId++);
  const { queue, leaderId } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    hosts = [...hosts, { id: hostId, fallback }];
    update(state.queue);
    return () => {
      hosts = hosts.filter((h) => h.id !== hostId);
      update(state.queue);
    };
  }, [hostId, fallback]);
  const current = queue[0];
  if (!current || leaderId !== hostId) return null;
  return (
    <ConfirmDialog
      key={current.id}
      open
      {...current.options}
      onResolve={(confirmed) => settle(current.id, confirmed)}
    />
  );
}

/** Renders pending confirm() requests one at a time. Mount once, inside your providers. */
export function ConfirmHost() {
  return <HostView fallback={false} />;
}
