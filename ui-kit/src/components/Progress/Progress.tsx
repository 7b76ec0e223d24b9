import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledCircle,
  StyledCircleFill,
  StyledCircleInfo,
  StyledCircleSvg,
  StyledCircleTrack,
  StyledFill,
  StyledInfo,
  StyledProgress,
  StyledTrack,
  type ProgressSize,
  type ProgressTone,
  type ProgressVariant,
} from './Progress.styles';

export type { ProgressSize, ProgressTone, ProgressVariant };
export type ProgressInfo = 'visible' | 'hidden';

export interface ProgressProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** 0 to 100 (clamped). null or undefined shows an indeterminate animation. */
  value?: number | null;
  variant?: ProgressVariant;
  tone?: ProgressTone;
  size?: ProgressSize;
  /** The percentage text. Defaults to 'visible'. */
  info?: ProgressInfo;
  /** Custom text for the percentage, e.g. `(v) => `${v} / 100``. */
  format?: (value: number) => ReactNode;
}

// Circle geometry in viewBox units (0..100), independent of the rendered size.
const RADIUS = 42;
const STROKE = 10;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** Progress as a bar or a circle (role="progressbar"), e.g. async task progress. */
export const Progress = forwardRef<HTMLDivElement, ProgressProps>(function Progress(
  { value, variant = 'bar', tone = 'primary', size = 'md', info = 'visible', format, ...rest },
  ref,
) {
  const { t } = useT();
  const indeterminate = value === null || value === undefined;
  const percent = indeterminate ? 0 : clampPercent(value);
  const rounded = Math.round(percent);
  const text = indeterminate ? null : format ? format(percent) : t('progress.percent', { value: rounded });
  const a11y = {
    role: 'progressbar',
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    'aria-valuenow': indeterminate ? undefined : rounded,
    'aria-label': rest['aria-labelledby'] ? undefined : (rest['aria-label'] ?? t('progress.label')),
    'data-state': indeterminate ? 'indeterminate' : percent >= 100 ? 'complete' : 'loading',
    'data-variant': variant,
  } as const;

  if (variant === 'circle') {
    return (
      <StyledProgress ref={ref} $variant="circle" {...rest} {...a11y}>
        <StyledCircle $size={size}>
          <StyledCircleSvg viewBox="0 0 100 100" aria-hidden="true" focusable="false" $indeterminate={indeterminate}>
            <StyledCircleTrack cx="50" cy="50" r={RADIUS} fill="none" strokeWidth={STROKE} />
            <StyledCircleFill
              cx="50"
              cy="50"
              r={RADIUS}
              fill="none"
              strokeWidth={STROKE}
              strokeLinecap="round"
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - (indeterminate ? 0.25 : percent / 100))}
              $tone={tone}
            />
          </StyledCircleSvg>
          {info === 'visible' && text !== null ? <StyledCircleInfo $size={size}>{text}</StyledCircleInfo> : null}
        </StyledCircle>
      </StyledProgress>
    );
  }

  return (
    <StyledProgress ref={ref} $variant="bar" {...rest} {...a11y}>
      <StyledTrack $size={size}>
        <StyledFill
          data-part="fill"
          $tone={tone}
          $indeterminate={indeterminate}
          // Dynamic width goes inline so each value does not mint a new CSS class.
          style={indeterminate ? undefined : { width: `${percent}%` }}
        />
      </StyledTrack>
      {info === 'visible' && text !== null ? <StyledInfo $size={size}>{text}</StyledInfo> : null}
    </StyledProgress>
  );
});
