export { DropdownMenu } from './DropdownMenu';
export type { DropdownMenuEntry, DropdownMenuProps, MenuItemTone } from './DropdownMenu';
