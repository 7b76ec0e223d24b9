export { DateTimeRangePicker, isRangeValid } from './DateTimeRangePicker';
export type { DateTimeRange, DateTimeRangePickerProps, DateTimeRangePreset } from './DateTimeRangePicker';
