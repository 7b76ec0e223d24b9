export { PageContainer } from './PageContainer';
export type { BreadcrumbEntry, PageContainerProps, PageWidth } from './PageContainer';
