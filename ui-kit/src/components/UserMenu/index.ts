export { UserMenu, initialOf } from './UserMenu';
export type { UserMenuProps } from './UserMenu';
