import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { CloseIcon, PlusIcon } from '../../internal/icons';
import { Button } from '../Button';
import { IconButton } from '../IconButton';
import { Input } from '../Input';
import { StyledEmpty, StyledKeyValueEditor, StyledRow, StyledRows } from './KeyValueEditor.styles';

export interface KeyValueRow {
  key: string;
  /** Unused (and not shown) when the editor has no valueLabel. */
  value: string;
}

export interface KeyValueEditorProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onChange'> {
  rows: KeyValueRow[];
  onRowsChange: (rows: KeyValueRow[]) => void;
  /** Name of the key column; each key input is labelled "<keyLabel> <n>". */
  keyLabel: string;
  /** Name of the value column; without it the editor is a one-column list. */
  valueLabel?: string;
  keyPlaceholder?: string;
  valuePlaceholder?: string;
  /** inputMode of the value inputs (e.g. 'decimal' for ratios). */
  valueInputMode?: 'text' | 'decimal' | 'numeric';
  /** Text of the add button; defaults to the kit's "Add row". */
  addLabel?: string;
  /** Shown when there is no row. */
  emptyText?: ReactNode;
  disabled?: boolean;
}

/**
 * Rows of key and value inputs (or single entries) edited locally: add a row at the end, remove
 * any row. The caller owns the rows and decides what an incomplete row means when it saves.
 */
export const KeyValueEditor = forwardRef<HTMLDivElement, KeyValueEditorProps>(function KeyValueEditor(
  {
    rows,
    onRowsChange,
    keyLabel,
    valueLabel,
    keyPlaceholder,
    valuePlaceholder,
    valueInputMode = 'text',
    addLabel,
    emptyText,
    disabled = false,
    ...rest
  },
  ref,
) {
  const { t } = useT();
  const pair = valueLabel !== undefined;
  const update = (index: number, patch: Partial<KeyValueRow>) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <StyledKeyValueEditor ref={ref} data-state={rows.length === 0 ? 'empty' : 'filled'} {...rest}>
      {rows.length === 0 ? (
        <StyledEmpty>{emptyText ?? t('keyValueEditor.empty')}</StyledEmpty>
      ) : (
        <StyledRows>
          {rows.map((row, index) => {
            const n = index + 1;
            return (
              // Rows have no identity of their own; their position is what the user edits.
              <StyledRow key={index} $pair={pair}>
                <Input
                  aria-label={`${keyLabel} ${n}`}
                  placeholder={keyPlaceholder}
                  value={row.key}
                  disabled={disabled}
                  onValueChange={(key) => update(index, { key })}
                />
                {pair && (
                  <Input
                    aria-label={`${valueLabel} ${n}`}
                    placeholder={valuePlaceholder}
                    inputMode={valueInputMode}
                    value={row.value}
                    disabled={disabled}
                    onValueChange={(value) => update(index, { value })}
                  />
                )}
                <IconButton
                  icon={<CloseIcon />}
                  aria-label={t('keyValueEditor.remove', { n })}
                  tone="danger"
                  disabled={disabled}
                  onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
                />
              </StyledRow>
            );
          })}
        </StyledRows>
      )}
      <div>
        <Button
          variant="outline"
          size="sm"
          startIcon={<PlusIcon />}
          disabled={disabled}
          onClick={() => onRowsChange([...rows, { key: '', value: '' }])}
        >
          {addLabel ?? t('keyValueEditor.add')}
        </Button>
      </div>
    </StyledKeyValueEditor>
  );
});
