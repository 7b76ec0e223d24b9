// Promise-based confirm(): `if (await confirm({ title, content })) remove()`.
//
// Requests are rendered by <ConfirmHost />. Mount one inside your providers so confirms get
// your theme and language. If none is mounted (e.g. an embedded widget), the first call
// mounts a detached host on document.body with the default theme, so confirm() always
// resolves.
import { createHostStore } from '../../internal/hostStore';
import { ConfirmDialog, type ConfirmOptions } from './ConfirmDialog';

interface PendingConfirm {
  id: number;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

const store = createHostStore<PendingConfirm>();

function settle(item: PendingConfirm, confirmed: boolean): void {
  store.remove(item.id);
  item.resolve(confirmed);
}

/** Opens a confirmation dialog; resolves true on confirm, false on cancel. */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    store.add({ id: store.nextId(), options, resolve });
    if (!store.hasHost()) store.mountFallback(() => <HostView fallback />, 'data-sluice-confirm-host');
  });
}

function HostView({ fallback }: { fallback: boolean }) {
  const { items, active } = store.useHost(fallback);
  const current = items[0];
  if (!active || !current) return null;
  return (
    <ConfirmDialog
      key={current.id}
      open
      {...current.options}
      onResolve={(confirmed) => settle(current, confirmed)}
    />
  );
}

/** Renders pending confirm() requests one at a time. Mount once, inside your providers. */
export function ConfirmHost() {
  return <HostView fallback={false} />;
}
