export { DateTimePicker } from './DateTimePicker';
export type { DateTimePickerProps, DateTimePrecision, DateTimePreset } from './DateTimePicker';
export { fromInputValue, toInputValue } from './dateTimeValue';
