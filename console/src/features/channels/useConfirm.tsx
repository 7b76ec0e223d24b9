import { useCallback, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmOptions } from '@sluice/ui-kit';

/**
 * The kit's ConfirmDialog rendered inside the page (so it has the console's theme and language):
 * `ask({ title, onConfirm })` opens it; `dialog` goes into the page's tree.
 */
export function useConfirm(): { ask: (options: ConfirmOptions) => void; dialog: ReactNode } {
  const [current, setCurrent] = useState<ConfirmOptions | null>(null);
  const ask = useCallback((options: ConfirmOptions) => setCurrent(options), []);
  const dialog = current ? <ConfirmDialog open {...current} onResolve={() => setCurrent(null)} /> : null;
  return { ask, dialog };
}
