export { Pagination } from './Pagination';
export type { PaginationPart, PaginationProps, PaginationSize } from './Pagination';
export {
  PAGE_SIZE_OPTIONS,
  clampPage,
  pageAfterSizeChange,
  pageCount,
  pageSlice,
  paginationItems,
} from './paginationMath';
export type { PageItem } from './paginationMath';
