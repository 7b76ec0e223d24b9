export { AppBrand, AppFooter, AppShell, PageFrame } from './AppShell';
export type { AppBrandProps, AppShellProps, PageFrameProps } from './AppShell';
