// PricingTable fed by a SluiceClient: /api/pricing for prices and groups, /api/model-info
// for vendors and descriptions (optional: older servers may not have it), /api/status for
// the exchange rate.
import { forwardRef } from 'react';
import useSWR from 'swr';
import type { SluiceClient } from '../../api/client';
import { sluiceKeys } from '../../api/keys';
import { PricingTable, type PricingTableProps } from './PricingTable';

export interface ConnectedPricingTableProps
  extends Omit<
    PricingTableProps,
    'items' | 'groupRatio' | 'groupLabels' | 'modelInfo' | 'vendors' | 'exchangeRate' | 'loading' | 'error' | 'onRetry'
  > {
  client: SluiceClient;
}

export const ConnectedPricingTable = forwardRef<HTMLDivElement, ConnectedPricingTableProps>(
  function ConnectedPricingTable({ client, ...rest }, ref) {
    const pricing = useSWR(sluiceKeys.pricing(client.scope), () => client.getPricing());
    const info = useSWR(sluiceKeys.modelInfo(client.scope), () => client.getModelInfo(), {
      shouldRetryOnError: false,
    });
    const status = useSWR(sluiceKeys.status(client.scope), () => client.getStatus());
    const error: unknown = pricing.error;
    return (
      <PricingTable
        ref={ref}
        items={pricing.data?.items ?? []}
        groupRatio={pricing.data?.groupRatio ?? {}}
        groupLabels={pricing.data?.usableGroup ?? {}}
        modelInfo={info.data ?? []}
        vendors={pricing.data?.vendors ?? []}
        exchangeRate={status.data?.price}
        loading={pricing.isLoading}
        error={error === undefined ? undefined : error instanceof Error ? error.message : String(error)}
        onRetry={() => void pricing.mutate()}
        {...rest}
      />
    );
  },
);
