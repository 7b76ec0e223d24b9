// The amount to pay for a top-up amount, asked from the server (POST /api/user/amount prices it
// with Price, the group's TopupGroupRatio and MinTopUp) a moment after the amount stops changing.
import { useEffect, useState } from 'react';
import { useApi } from '../../api/useApi';

export interface Payable {
  money: string | null;
  loading: boolean;
  error: string | null;
}

export function usePayable(amount: number | null, enabled: boolean): Payable {
  const { request, describe } = useApi();
  const [state, setState] = useState<Payable>({ money: null, loading: false, error: null });

  useEffect(() => {
    if (!enabled || amount === null) {
      setState({ money: null, loading: false, error: null });
      return undefined;
    }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      request<string>('POST', '/api/user/amount', { amount })
        .then((res) => live && setState({ money: String(res.data), loading: false, error: null }))
        .catch((e: unknown) => live && setState({ money: null, loading: false, error: describe(e) }));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [amount, enabled, request, describe]);

  return state;
}
