// One column header: plain title, or a sort button with aria-sort on the <th>.
import { useT } from '../../i18n/I18nProvider';
import { ChevronDownIcon, ChevronUpIcon } from '../../internal/icons';
import { StyledSortButton, StyledSortIndicator, StyledTh, type TableHeader, type TableSize } from './Table.styles';
import type { SortState, TableColumn } from './tableState';

export interface TableHeaderCellProps<Row> {
  column: TableColumn<Row>;
  sort: SortState | null;
  onSort: () => void;
  size: TableSize;
  header: TableHeader;
  stickyTop: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export function TableHeaderCell<Row>({ column, sort, onSort, size, header, stickyTop }: TableHeaderCellProps<Row>) {
  const { t } = useT();
  const direction = sort?.key === column.key ? sort.direction : null;
  return (
    <StyledTh
      scope="col"
      data-align={column.align ?? 'start'}
      aria-sort={column.sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
      $size={size}
      $header={header}
      $stickyTop={stickyTop}
    >
      {column.sortable ? (
        <StyledSortButton
          type="button"
          onClick={onSort}
          aria-label={typeof column.title === 'string' ? t('table.sortBy', { column: column.title }) : undefined}
        >
          {column.title}
          <StyledSortIndicator aria-hidden="true">
            <ChevronUpIcon data-active={direction === 'asc' ? '' : undefined} />
            <ChevronDownIcon data-active={direction === 'desc' ? '' : undefined} />
          </StyledSortIndicator>
        </StyledSortButton>
      ) : (
        column.title
      )}
    </StyledTh>
  );
}
