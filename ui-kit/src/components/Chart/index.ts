export { Chart } from './Chart';
export type { ChartDatum, ChartKind, ChartProps, ChartSeries } from './Chart';
