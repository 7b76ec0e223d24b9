export { Stack } from './Stack';
export type { StackAlign, StackDirection, StackJustify, StackProps } from './Stack';
