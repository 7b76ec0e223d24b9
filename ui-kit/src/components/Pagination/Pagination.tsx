import { forwardRef, type HTMLAttributes } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronRightIcon, MoreIcon } from '../../internal/icons';
import { useControllableState } from '../../internal/useControllableState';
import { ChevronLeftIcon } from '../../internal/icons';
import { Select } from '../Select/Select';
import {
  StyledList,
  StyledPageButton,
  StyledPagination,
  StyledSizeChanger,
  StyledTotal,
  type PaginationSize,
} from './Pagination.styles';
import { clampPage, PAGE_SIZE_OPTIONS, pageAfterSizeChange, pageCount, paginationItems } from './paginationMath';

export type { PaginationSize };
export type PaginationPart = 'visible' | 'hidden';

export interface PaginationProps extends Omit<HTMLAttributes<HTMLElement>, 'onChange'> {
  /** Total number of rows. */
  total: number;
  /** 1-based page (controlled). */
  page?: number;
  defaultPage?: number;
  onPageChange?: (page: number) => void;
  pageSize?: number;
  defaultPageSize?: number;
  /** Called with the new size and the page that keeps the first visible row on screen. */
  onPageSizeChange?: (pageSize: number, page: number) => void;
  /** Defaults to 10, 20, 50, 100 (the spec's sizes). */
  pageSizeOptions?: readonly number[];
  sizeChanger?: PaginationPart;
  totalText?: PaginationPart;
  /** Pages shown either side of the current one. */
  siblings?: number;
  size?: PaginationSize;
  disabled?: boolean;
}

/** Page navigation with page-size choice: a <nav> with aria-current on the current page. */
export const Pagination = forwardRef<HTMLElement, PaginationProps>(function Pagination(
  {
    total,
    page: pageProp,
    defaultPage = 1,
    onPageChange,
    pageSize: pageSizeProp,
    defaultPageSize,
    onPageSizeChange,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    sizeChanger = 'visible',
    totalText = 'visible',
    siblings = 1,
    size = 'md',
    disabled = false,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const [pageSize, setPageSize] = useControllableState(pageSizeProp, defaultPageSize ?? pageSizeOptions[0] ?? 10);
  const [rawPage, setPage] = useControllableState(pageProp, defaultPage);
  const count = pageCount(total, pageSize);
  const page = clampPage(rawPage, total, pageSize);

  const goTo = (next: number): void => {
    const target = Math.min(Math.max(next, 1), count);
    if (target === page) return;
    setPage(target);
    onPageChange?.(target);
  };

  const changeSize = (value: string | null): void => {
    const nextSize = Number(value);
    if (!Number.isFinite(nextSize) || nextSize <= 0 || nextSize === pageSize) return;
    const nextPage = clampPage(pageAfterSizeChange(page, pageSize, nextSize), total, nextSize);
    setPageSize(nextSize);
    setPage(nextPage);
    onPageSizeChange?.(nextSize, nextPage);
  };

  const jump = siblings * 2 + 1;
  return (
    <StyledPagination ref={ref} aria-label={t('pagination.label')} data-size={size} {...rest}>
      {totalText === 'visible' ? <StyledTotal>{t('pagination.total', { total })}</StyledTotal> : null}
      <StyledList>
        <li>
          <StyledPageButton
            type="button"
            $size={size}
            aria-label={t('pagination.previous')}
            disabled={disabled || page <= 1}
            onClick={() => goTo(page - 1)}
          >
            <ChevronLeftIcon />
          </StyledPageButton>
        </li>
        {paginationItems(page, count, siblings).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <StyledPageButton
                type="button"
                $size={size}
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                disabled={disabled}
                onClick={() => goTo(item)}
              >
                {item}
              </StyledPageButton>
            </li>
          ) : (
            <li key={item}>
              <StyledPageButton
                type="button"
                $size={size}
                aria-label={t('pagination.morePages')}
                disabled={disabled}
                onClick={() => goTo(item === 'ellipsis-start' ? page - jump : page + jump)}
              >
                <MoreIcon />
              </StyledPageButton>
            </li>
          ),
        )}
        <li>
          <StyledPageButton
            type="button"
            $size={size}
            aria-label={t('pagination.next')}
            disabled={disabled || page >= count}
            onClick={() => goTo(page + 1)}
          >
            <ChevronRightIcon />
          </StyledPageButton>
        </li>
      </StyledList>
      {sizeChanger === 'visible' ? (
        <StyledSizeChanger>
          <Select
            size={size}
            aria-label={t('pagination.pageSizeLabel')}
            disabled={disabled}
            value={String(pageSize)}
            onValueChange={changeSize}
            options={pageSizeOptions.map((n) => ({
              value: String(n),
              label: t('pagination.pageSize', { size: n }),
            }))}
          />
        </StyledSizeChanger>
      ) : null}
    </StyledPagination>
  );
});
