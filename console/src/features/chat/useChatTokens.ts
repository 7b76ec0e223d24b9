// The tokens the quick-configuration dialog offers (spec §7 Quick config): up to 100 of the
// user's tokens; when there is none, one "default token" is created first.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Token } from '@sluice/ui-kit';
import { useSession } from '../../app/session';

export type ChatTokensState =
  | { phase: 'loading' }
  | { phase: 'ready'; tokens: Token[] }
  | { phase: 'failed'; reason: 'load' | 'create'; message: string };

const DEFAULT_TOKEN = {
  remain_quota: 500000,
  unlimited_quota: false,
  expired_time: -1,
  group: 'default',
  model_limits_enabled: false,
  model_limits: '',
  ip_limits: '',
  rate_limit_enabled: false,
  rate_limit_interval: 1,
  rate_limit_count: 1,
};

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useChatTokens(active: boolean, defaultName: string): { state: ChatTokensState; reload: () => void } {
  const { client } = useSession();
  const [state, setState] = useState<ChatTokensState>({ phase: 'loading' });
  const [round, setRound] = useState(0);
  // The default token is created once per page, even if the dialog opens twice.
  const created = useRef(false);

  useEffect(() => {
    if (!active) return;
    let live = true;
    setState({ phase: 'loading' });
    void (async () => {
      let tokens: Token[];
      try {
        tokens = (await client.listTokens({ page: 1, size: 100 })).items;
      } catch (error) {
        if (live) setState({ phase: 'failed', reason: 'load', message: text(error) });
        return;
      }
      if (tokens.length === 0 && !created.current) {
        created.current = true;
        try {
          await client.createToken({ ...DEFAULT_TOKEN, name: defaultName });
          tokens = (await client.listTokens({ page: 1, size: 100 })).items;
        } catch (error) {
          if (live) setState({ phase: 'failed', reason: 'create', message: text(error) });
          return;
        }
      }
      if (live) setState({ phase: 'ready', tokens: tokens.filter((t) => t.status === 1) });
    })();
    return () => {
      live = false;
    };
  }, [active, client, defaultName, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { state, reload };
}
