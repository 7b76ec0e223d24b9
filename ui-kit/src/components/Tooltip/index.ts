export { Tooltip } from './Tooltip';
export type { TooltipAlign, TooltipProps, TooltipSide } from './Tooltip';
