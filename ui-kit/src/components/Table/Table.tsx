import { useMemo, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { useControllableState } from '../../internal/useControllableState';
import { Checkbox } from '../Checkbox/Checkbox';
import { Pagination, type PaginationProps } from '../Pagination/Pagination';
import { PAGE_SIZE_OPTIONS, clampPage, pageSlice } from '../Pagination/paginationMath';
import { Spinner } from '../Spinner/Spinner';
import {
  StyledClip,
  StyledEmpty,
  StyledPaginationRow,
  StyledRow,
  StyledScroll,
  StyledSelectedCount,
  StyledSelectionTd,
  StyledSelectionTh,
  StyledTable,
  StyledTableRoot,
  StyledTd,
  StyledToolbar,
  StyledToolbarGroup,
  type TableHeader,
  type TableSize,
} from './Table.styles';
import { TableColumnSettings } from './TableColumnSettings';
import { TableHeaderCell } from './TableHeaderCell';
import {
  defaultCell,
  headerSelection,
  nextSort,
  sortRows,
  toggleColumn,
  togglePage,
  toggleRow,
  visibleColumns,
  type RowKey,
  type SortState,
  type TableColumn,
} from './tableState';

export type { TableHeader, TableSize };

export interface TablePagination
  extends Pick<
    PaginationProps,
    | 'page'
    | 'defaultPage'
    | 'onPageChange'
    | 'pageSize'
    | 'defaultPageSize'
    | 'onPageSizeChange'
    | 'pageSizeOptions'
    | 'sizeChanger'
    | 'totalText'
    | 'siblings'
  > {
  /**
   * Server paging: the total on the server, and `rows` is the current page. Leave it out
   * for client paging: the table slices `rows` itself.
   */
  total?: number;
}

export interface TableProps<Row> extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** React 19 passes ref as a prop, which keeps the component generic over Row. */
  ref?: Ref<HTMLDivElement>;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => RowKey;
  size?: TableSize;
  loading?: boolean;
  /** Shown when there are no rows; defaults to "暂无数据". */
  empty?: ReactNode;
  /** Greyed rows (e.g. disabled tokens). They stay interactive. */
  isRowDisabled?: (row: Row) => boolean;
  /** Which rows can be selected; defaults to rows that are not disabled. */
  isRowSelectable?: (row: Row) => boolean;
  selection?: 'none' | 'multiple';
  selectedKeys?: readonly RowKey[];
  defaultSelectedKeys?: readonly RowKey[];
  onSelectionChange?: (keys: RowKey[]) => void;
  /**
   * Controlled sort: the table does not reorder rows (sort on the server or with
   * useTableSort). Uncontrolled, the table sorts `rows` itself.
   */
  sort?: SortState | null;
  defaultSort?: SortState | null;
  onSortChange?: (sort: SortState | null) => void;
  columnSettings?: 'visible' | 'hidden';
  hiddenColumns?: readonly string[];
  defaultHiddenColumns?: readonly string[];
  onHiddenColumnsChange?: (keys: string[]) => void;
  /** 'sticky' keeps the header visible while scrolling the page or the `maxHeight` area. */
  header?: TableHeader;
  /** Distance from the top for a page-sticky header (e.g. the top bar's height). */
  stickyOffset?: string;
  /** Scroll inside the table beyond this height (CSS length). */
  maxHeight?: string;
  /**
   * The narrowest the table gets (e.g. '64rem'): below it the table scrolls sideways instead of
   * squeezing every column into letter-wide strips on a phone.
   */
  minWidth?: string;
  pagination?: TablePagination | false;
  /** Left side of the toolbar, e.g. "copy selected". */
  toolbar?: ReactNode;
  /** Accessible name of the table. */
  caption?: string;
}

const EMPTY: readonly RowKey[] = [];
const NO_COLUMNS: readonly string[] = [];

/**
 * Data table: row selection (page-wide select-all, kept across pages), 10/20/50/100 paging
 * (client or server), column show/hide, greyed rows, empty and loading states, sticky
 * header and optional sorting.
 */
export function Table<Row>({
  ref,
  columns,
  rows,
  rowKey,
  size = 'md',
  loading = false,
  empty,
  isRowDisabled,
  isRowSelectable,
  selection = 'none',
  selectedKeys: selectedProp,
  defaultSelectedKeys = EMPTY,
  onSelectionChange,
  sort: sortProp,
  defaultSort = null,
  onSortChange,
  columnSettings = 'hidden',
  hiddenColumns: hiddenProp,
  defaultHiddenColumns = NO_COLUMNS,
  onHiddenColumnsChange,
  header = 'static',
  stickyOffset = '0',
  maxHeight,
  minWidth,
  pagination = false,
  toolbar,
  caption,
  ...rest
}: TableProps<Row>) {
  const { t } = useT();
  const [selectedList, setSelectedList] = useControllableState(selectedProp, defaultSelectedKeys, (keys) =>
    onSelectionChange?.([...keys]),
  );
  const [sort, setSort] = useControllableState<SortState | null>(sortProp, defaultSort, onSortChange);
  const [hiddenList, setHiddenList] = useControllableState(hiddenProp, defaultHiddenColumns, (keys) =>
    onHiddenColumnsChange?.([...keys]),
  );
  const paging = pagination === false ? null : pagination;
  const [pageSize, setPageSize] = useControllableState(
    paging?.pageSize,
    paging?.defaultPageSize ?? paging?.pageSizeOptions?.[0] ?? PAGE_SIZE_OPTIONS[0] ?? 10,
  );
  const [rawPage, setPage] = useControllableState(paging?.page, paging?.defaultPage ?? 1);

  const selected = useMemo(() => new Set(selectedList), [selectedList]);
  const hidden = useMemo(() => new Set(hiddenList), [hiddenList]);
  const shownColumns = visibleColumns(columns, hidden);

  const ordered = useMemo(
    () => (sortProp === undefined ? sortRows(rows, columns, sort) : rows),
    [rows, columns, sort, sortProp],
  );
  const clientPaging = paging !== null && paging.total === undefined;
  const total = paging?.total ?? ordered.length;
  const page = clampPage(rawPage, total, pageSize);
  const pageRows = useMemo(() => {
    if (!clientPaging) return ordered;
    const { start, end } = pageSlice(page, pageSize, ordered.length);
    return ordered.slice(start, end);
  }, [clientPaging, ordered, page, pageSize]);

  const selectable = (row: Row): boolean =>
    isRowSelectable ? isRowSelectable(row) : !(isRowDisabled?.(row) ?? false);
  const selectableKeys = pageRows.filter(selectable).map(rowKey);
  const headerState = headerSelection(selectableKeys, selected);
  const withSelection = selection === 'multiple';
  const columnCount = shownColumns.length + (withSelection ? 1 : 0);

  const showToolbar =
    toolbar !== undefined || columnSettings === 'visible' || (withSelection && selected.size > 0);
  const pageSticky = header === 'sticky' && maxHeight === undefined;

  return (
    <StyledTableRoot ref={ref} data-state={loading ? 'loading' : 'idle'} {...rest}>
      {showToolbar ? (
        <StyledToolbar>
          <StyledToolbarGroup>
            {toolbar}
            {withSelection && selected.size > 0 ? (
              <StyledSelectedCount aria-live="polite">
                {t('table.selectedCount', { count: selected.size })}
              </StyledSelectedCount>
            ) : null}
          </StyledToolbarGroup>
          {columnSettings === 'visible' ? (
            <TableColumnSettings
              columns={columns}
              hidden={hidden}
              onToggle={(key) => setHiddenList([...toggleColumn(columns, hidden, key)])}
              onReset={() => setHiddenList([...defaultHiddenColumns])}
            />
          ) : null}
        </StyledToolbar>
      ) : null}
      <Spinner spinning={loading && pageRows.length > 0} label={t('table.loading')}>
        <StyledScroll
          $maxHeight={maxHeight}
          $pageSticky={pageSticky}
          // A table that may scroll (a minimum width on phones, a maximum height) is a named,
          // focusable region, so keyboard users can scroll it even when no cell holds a control.
          {...(minWidth !== undefined || maxHeight !== undefined ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
        >
          <StyledTable $size={size} $minWidth={minWidth} aria-label={caption} aria-busy={loading || undefined}>
            <colgroup>
              {withSelection ? <col /> : null}
              {shownColumns.map((column) => (
                <col key={column.key} style={column.width ? { width: column.width } : undefined} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {withSelection ? (
                  <StyledSelectionTh scope="col" $size={size} $header={header} $stickyTop={stickyOffset}>
                    <Checkbox
                      aria-label={t('table.selectAll')}
                      disabled={selectableKeys.length === 0}
                      checked={headerState === 'all' ? true : headerState === 'some' ? 'indeterminate' : false}
                      onCheckedChange={() => setSelectedList([...togglePage(selected, selectableKeys, headerState !== 'all')])}
                    />
                  </StyledSelectionTh>
                ) : null}
                {shownColumns.map((column) => (
                  <TableHeaderCell
                    key={column.key}
                    column={column}
                    sort={sort}
                    onSort={() => setSort(nextSort(sort, column.key))}
                    size={size}
                    header={header}
                    stickyTop={stickyOffset}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {pageRows.length === 0 ? (
                <tr>
                  <StyledEmpty colSpan={columnCount}>
                    {loading ? <Spinner tip={t('table.loading')} /> : (empty ?? t('table.empty'))}
                  </StyledEmpty>
                </tr>
              ) : (
                pageRows.map((row, index) => {
                  const key = rowKey(row);
                  const isSelected = selected.has(key);
                  const disabled = isRowDisabled?.(row) ?? false;
                  return (
                    <StyledRow
                      key={String(key)}
                      data-row-key={String(key)}
                      data-state={isSelected ? 'selected' : undefined}
                      data-disabled={disabled ? '' : undefined}
                    >
                      {withSelection ? (
                        <StyledSelectionTd $size={size}>
                          <Checkbox
                            aria-label={t('table.selectRow')}
                            checked={isSelected}
                            disabled={!selectable(row)}
                            onCheckedChange={(checked) => setSelectedList([...toggleRow(selected, key, checked === true)])}
                          />
                        </StyledSelectionTd>
                      ) : null}
                      {shownColumns.map((column) => (
                        <StyledTd key={column.key} data-align={column.align ?? 'start'} data-nowrap={column.nowrap ? 'true' : undefined} $size={size}>
                          {cellContent(column, column.render ? column.render(row, index) : defaultCell(row, column.key))}
                        </StyledTd>
                      ))}
                    </StyledRow>
                  );
                })
              )}
            </tbody>
          </StyledTable>
        </StyledScroll>
      </Spinner>
      {paging !== null ? (
        <StyledPaginationRow>
          <Pagination
            total={total}
            page={page}
            pageSize={pageSize}
            pageSizeOptions={paging.pageSizeOptions}
            sizeChanger={paging.sizeChanger}
            totalText={paging.totalText}
            siblings={paging.siblings}
            size={size}
            disabled={loading}
            onPageChange={(next) => {
              setPage(next);
              paging.onPageChange?.(next);
            }}
            onPageSizeChange={(nextSize, nextPage) => {
              setPageSize(nextSize);
              setPage(nextPage);
              paging.onPageSizeChange?.(nextSize, nextPage);
            }}
          />
        </StyledPaginationRow>
      ) : null}
    </StyledTableRoot>
  );
}

/** A cell's content, inside its clip when the column caps its width (plain text becomes the tooltip). */
function cellContent<Row>(column: TableColumn<Row>, content: ReactNode): ReactNode {
  if (column.maxWidth === undefined) return content;
  const text = typeof content === 'string' || typeof content === 'number' ? String(content) : undefined;
  return (
    <StyledClip style={{ maxWidth: column.maxWidth }} title={text}>
      {content}
    </StyledClip>
  );
}
