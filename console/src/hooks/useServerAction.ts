import { useCallback, useState } from 'react';
import { useApi } from '../api/useApi';

/**
 * One request behind a button whose refusal shows inline (a dialog's banner): `busy` while it
 * runs; `refusal` holds the server's words until `clear()` or the next refusal.
 */
export function useServerAction() {
  const { describe } = useApi();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  /** Runs `action`; a throw becomes the refusal. */
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      try {
        await action();
      } catch (e) {
        setRefusal(describe(e));
      } finally {
        setBusy(false);
      }
    },
    [describe],
  );
  const clear = useCallback(() => setRefusal(null), []);
  return { busy, refusal, run, clear };
}
