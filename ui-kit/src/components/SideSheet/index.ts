export { SideSheet, SideSheetClose } from './SideSheet';
export type { SideSheetProps, SideSheetSide, SideSheetSize } from './SideSheet';
