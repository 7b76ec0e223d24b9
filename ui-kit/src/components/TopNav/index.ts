export { TopNav } from './TopNav';
export type { NavItem, NavLinkRenderer, TopNavProps } from './TopNav';
