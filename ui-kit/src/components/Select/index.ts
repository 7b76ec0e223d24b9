export { Select } from './Select';
export type { SelectMode, SelectOption, SelectProps } from './Select';
export { defaultFilter as defaultSelectFilter, optionText as selectOptionText } from './selectLogic';
