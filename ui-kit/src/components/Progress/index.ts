export { Progress, clampPercent } from './Progress';
export type { ProgressInfo, ProgressProps, ProgressSize, ProgressTone, ProgressVariant } from './Progress';
