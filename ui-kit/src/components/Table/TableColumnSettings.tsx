// The "column settings" popover: one checkbox per hideable column plus a reset button.
import { useT } from '../../i18n/I18nProvider';
import { ColumnsIcon } from '../../internal/icons';
import { Button } from '../Button/Button';
import { Checkbox } from '../Checkbox/Checkbox';
import { IconButton } from '../IconButton/IconButton';
import { Popover } from '../Popover/Popover';
import { StyledColumnActions, StyledColumnList } from './Table.styles';
import type { TableColumn } from './tableState';

export interface TableColumnSettingsProps<Row> {
  columns: readonly TableColumn<Row>[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  onReset: () => void;
}

function columnLabel<Row>(column: TableColumn<Row>): string {
  if (column.settingsLabel !== undefined) return column.settingsLabel;
  return typeof column.title === 'string' || typeof column.title === 'number' ? String(column.title) : column.key;
}

export function TableColumnSettings<Row>({ columns, hidden, onToggle, onReset }: TableColumnSettingsProps<Row>) {
  const { t } = useT();
  const hideable = columns.filter((c) => c.hideable !== false);
  const visibleCount = columns.filter((c) => c.hideable === false || !hidden.has(c.key)).length;
  return (
    <Popover
      align="end"
      title={t('table.columnSettingsTitle')}
      content={
        <StyledColumnList>
          {hideable.map((column) => {
            const checked = !hidden.has(column.key);
            return (
              <Checkbox
                key={column.key}
                label={columnLabel(column)}
                checked={checked}
                // The last visible column cannot be hidden.
                disabled={checked && visibleCount <= 1}
                onCheckedChange={() => onToggle(column.key)}
              />
            );
          })}
          <StyledColumnActions>
            <Button size="sm" variant="ghost" onClick={onReset}>
              {t('table.resetColumns')}
            </Button>
          </StyledColumnActions>
        </StyledColumnList>
      }
    >
      <IconButton icon={<ColumnsIcon />} aria-label={t('table.columnSettings')} variant="outline" size="sm" />
    </Popover>
  );
}
