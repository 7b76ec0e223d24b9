import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useTheme } from 'styled-components';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Cell,
  Line,
  LineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { resolveTheme } from '../../theme/resolveTheme';
import { StyledChartCaption, StyledChartFigure, StyledTooltip, StyledTooltipRow } from './Chart.styles';

/** 'pie': one slice per datum, sized by the first series, named by `xKey` (a share of a whole). */
export type ChartKind = 'line' | 'area' | 'bar' | 'pie';

export type ChartDatum = Record<string, string | number>;

export interface ChartSeries {
  /** Field of each datum holding this series' value. */
  key: string;
  /** Legend and tooltip name (plain text). */
  label: string;
}

export interface ChartProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  kind?: ChartKind;
  data: readonly ChartDatum[];
  /** Field of each datum used for the X axis (time bucket, model name...). */
  xKey: string;
  series: readonly ChartSeries[];
  /** Bars and areas stack their series. */
  stacked?: boolean;
  /** Caption above the chart; also the figure's accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  /** Plot height in px-free CSS terms is fixed by the kit; pick a size. */
  size?: 'sm' | 'md' | 'lg';
  /** Formats Y values (axis and tooltip), e.g. quota as currency. */
  formatValue?: (value: number) => string;
  /** Formats X values (axis and tooltip title). */
  formatX?: (value: string | number) => string;
  /** Fixed width: the chart then skips measuring its container (tests, print). */
  width?: number;
}

const HEIGHT: Record<NonNullable<ChartProps['size']>, number> = { sm: 200, md: 280, lg: 360 };

interface TooltipEntry {
  name?: unknown;
  value?: unknown;
  color?: string;
  dataKey?: unknown;
}

function ThemedTooltip({
  active,
  payload,
  label,
  formatValue,
  formatX,
}: {
  active?: boolean;
  payload?: readonly TooltipEntry[];
  label?: string | number;
  formatValue: (v: number) => string;
  formatX: (v: string | number) => string;
}) {
  if (!active || !payload || payload.length === 0) return null;
  return (
    <StyledTooltip>
      {label !== undefined && <strong>{formatX(label)}</strong>}
      {payload.map((entry) => (
        <StyledTooltipRow key={String(entry.dataKey)}>
          <i style={{ background: entry.color }} aria-hidden="true" />
          {String(entry.name ?? '')}
          <b>{typeof entry.value === 'number' ? formatValue(entry.value) : String(entry.value ?? '')}</b>
        </StyledTooltipRow>
      ))}
    </StyledTooltip>
  );
}

const identity = (v: number) => String(v);
const asText = (v: string | number) => String(v);

/**
 * A themed chart (recharts): line, area or bar over one X field, series coloured from the theme's chart
 * palette in light and dark, with axis, grid, legend and tooltip styled from tokens.
 */
export const Chart = forwardRef<HTMLElement, ChartProps>(function Chart(
  { kind = 'line', data, xKey, series, stacked = false, title, label, size = 'md', formatValue = identity, formatX = asText, width, ...rest },
  ref,
) {
  const t = resolveTheme(useTheme());
  const height = HEIGHT[size];
  const colorOf = (i: number) => t.chart[i % t.chart.length] ?? t.colors.primary;
  const rows = data as ChartDatum[];
  // A fixed width sizes the chart itself; otherwise ResponsiveContainer measures the figure.
  const common = { data: rows, margin: { top: 8, right: 16, bottom: 0, left: 0 }, ...(width !== undefined ? { width, height } : {}) };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={xKey} tickFormatter={formatX} stroke={t.colors.border} tick={{ fill: t.colors.textSecondary }} tickLine={false} minTickGap={16} />
      <YAxis tickFormatter={formatValue} stroke={t.colors.border} tick={{ fill: t.colors.textSecondary }} tickLine={false} width={72} />
      <Tooltip
        cursor={{ fill: t.colors.bgHover, stroke: t.colors.borderStrong }}
        content={<ThemedTooltip formatValue={formatValue} formatX={formatX} />}
      />
      <Legend iconType="circle" />
    </>
  );
  const stackId = stacked ? 'stack' : undefined;
  const first = series[0];
  const plot =
    kind === 'pie' ? (
      <PieChart {...(width !== undefined ? { width, height } : {})} margin={{ top: 8, right: 16, bottom: 0, left: 16 }}>
        {first && (
          <Pie data={rows} dataKey={first.key} nameKey={xKey} name={first.label} outerRadius="75%" stroke={t.colors.bgElevated} isAnimationActive={false}>
            {rows.map((row, i) => (
              <Cell key={String(row[xKey])} fill={colorOf(i)} />
            ))}
          </Pie>
        )}
        <Tooltip content={<ThemedTooltip formatValue={formatValue} formatX={formatX} />} />
        <Legend iconType="circle" formatter={(value: unknown) => (formatX ? formatX(value as string) : String(value))} />
      </PieChart>
    ) : kind === 'bar' ? (
      <BarChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={colorOf(i)} stackId={stackId} isAnimationActive={false} />
        ))}
      </BarChart>
    ) : kind === 'area' ? (
      <AreaChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={colorOf(i)}
            fill={colorOf(i)}
            fillOpacity={0.25}
            stackId={stackId}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    ) : (
      <LineChart {...common}>
        {axes}
        {series.map((s, i) => (
          <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={colorOf(i)} strokeWidth={2} dot={false} isAnimationActive={false} />
        ))}
      </LineChart>
    );
  return (
    <StyledChartFigure ref={ref} aria-label={typeof title === 'string' ? title : label} data-kind={kind} {...rest}>
      {title !== undefined && <StyledChartCaption>{title}</StyledChartCaption>}
      {width !== undefined ? (
        plot
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          {plot}
        </ResponsiveContainer>
      )}
    </StyledChartFigure>
  );
});
