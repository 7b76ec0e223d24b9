import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import { Skeleton } from '../Skeleton/Skeleton';
import {
  StyledStatCard,
  StyledStatHeader,
  StyledStatHint,
  StyledStatLabel,
  StyledStatValue,
  type StatCardTone,
} from './StatCard.styles';

export type { StatCardTone };

export interface StatCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** What the number is ("当前余额"); names the group for screen readers. */
  label: ReactNode;
  value: ReactNode;
  /** A short line under the value (a unit, a period, how it was computed). */
  hint?: ReactNode;
  /** Colour of the value; neutral text unless given. */
  tone?: StatCardTone;
  /** An action beside the label (a transfer or refresh button). */
  extra?: ReactNode;
  /** A skeleton instead of the value while it loads. */
  loading?: boolean;
}

/** One statistic: a label, its value and an optional hint (wallet balance, log totals). */
export const StatCard = forwardRef<HTMLDivElement, StatCardProps>(function StatCard(
  { label, value, hint, tone = 'neutral', extra, loading = false, ...rest },
  ref,
) {
  const labelId = useId();
  return (
    <StyledStatCard
      ref={ref}
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
      data-state={loading ? 'loading' : 'idle'}
      {...rest}
    >
      <StyledStatHeader>
        <StyledStatLabel id={labelId}>{label}</StyledStatLabel>
        {extra}
      </StyledStatHeader>
      {loading ? (
        <Skeleton lines={1} />
      ) : (
        <StyledStatValue $tone={tone} data-part="value">
          {value}
        </StyledStatValue>
      )}
      {hint !== undefined && <StyledStatHint>{hint}</StyledStatHint>}
    </StyledStatCard>
  );
});
