export { Popover, PopoverClose } from './Popover';
export type { PopoverAlign, PopoverArrow, PopoverProps, PopoverSide } from './Popover';
