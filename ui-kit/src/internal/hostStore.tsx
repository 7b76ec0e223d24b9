// Module-level store for imperative overlays (confirm(), toast.*) rendered by a host
// component. Several hosts may be mounted; exactly one renders (an app-mounted host is
// preferred over the detached fallback), so nothing shows twice.
import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

interface HostEntry {
  id: number;
  fallback: boolean;
}

export interface HostSnapshot<T> {
  items: T[];
  leaderId: number | null;
}

export interface HostStore<T extends { id: number }> {
  nextId: () => number;
  items: () => T[];
  add: (item: T) => void;
  remove: (id: number) => void;
  replace: (items: T[]) => void;
  hasHost: () => boolean;
  /** Registers the calling component as a host; returns items and whether it renders them. */
  useHost: (fallback: boolean) => { items: T[]; active: boolean };
  /** Mounts a detached host on document.body once (embedding without any host). */
  mountFallback: (render: () => ReactElement, marker: string) => void;
}

export function createHostStore<T extends { id: number }>(): HostStore<T> {
  let snapshot: HostSnapshot<T> = { items: [], leaderId: null };
  let hosts: HostEntry[] = [];
  let counter = 1;
  let fallbackMounted = false;
  const listeners = new Set<() => void>();

  const publish = (items: T[]) => {
    const leader = hosts.find((h) => !h.fallback) ?? hosts[0];
    snapshot = { items, leaderId: leader?.id ?? null };
    listeners.forEach((listener) => listener());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const getSnapshot = () => snapshot;

  return {
    nextId: () => counter++,
    items: () => snapshot.items,
    add: (item) => publish([...snapshot.items, item]),
    remove: (id) => publish(snapshot.items.filter((i) => i.id !== id)),
    replace: (items) => publish(items),
    hasHost: () => hosts.length > 0,
    useHost(fallback) {
      const [hostId] = useState(() => counter++);
      const { items, leaderId } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
      useEffect(() => {
        hosts = [...hosts, { id: hostId, fallback }];
        publish(snapshot.items);
        return () => {
          hosts = hosts.filter((h) => h.id !== hostId);
          publish(snapshot.items);
        };
      }, [hostId, fallback]);
      return { items, active: leaderId === hostId };
    },
    mountFallback(render, marker) {
      if (fallbackMounted || typeof document === 'undefined') return;
      fallbackMounted = true;
      const container = document.createElement('div');
      container.setAttribute(marker, '');
      document.body.appendChild(container);
      createRoot(container).render(render());
    },
  };
}
