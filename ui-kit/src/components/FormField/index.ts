export { FormActions, FormField, FormGrid } from './FormField';
export type { FormFieldLayout, FormFieldProps, FormGridProps } from './FormField';
