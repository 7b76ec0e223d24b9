import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { useT } from '../../i18n/I18nProvider';
import type { FieldStatus } from '../../internal/fieldStyles';
import { CheckIcon, ChevronDownIcon, ClearIcon, CloseIcon } from '../../internal/icons';
import { useControllableState } from '../../internal/useControllableState';
import type { ControlSize } from '../../theme/types';
import {
  buildItems,
  defaultFilter,
  findByPrefix,
  firstEnabled,
  isEnabled,
  lastEnabled,
  moveIndex,
  optionText,
  type ListItem,
  type SelectOption,
} from './selectLogic';
import {
  StyledAffix,
  StyledComboButton,
  StyledEmpty,
  StyledGroupLabel,
  StyledIconButton,
  StyledInputWrap,
  StyledListbox,
  StyledOption,
  StyledOptionDescription,
  StyledOptionText,
  StyledPlaceholder,
  StyledSearchInput,
  StyledSelectContent,
  StyledSelectFrame,
  StyledSingleValue,
  StyledTag,
  StyledTagRemove,
  StyledValueArea,
} from './Select.styles';

export type { SelectOption };
export type SelectMode = 'single' | 'multiple';

interface SelectBaseProps
  extends Omit<HTMLAttributes<HTMLDivElement>, 'defaultValue' | 'onChange' | 'placeholder'> {
  options: SelectOption[];
  placeholder?: string;
  size?: ControlSize;
  status?: FieldStatus;
  disabled?: boolean;
  /** Type to filter the options. */
  searchable?: boolean;
  /** Allow values that are not in `options` (custom model names). Implies searchable. */
  creatable?: boolean;
  clearable?: boolean;
  filter?: (option: SelectOption, query: string) => boolean;
  /** Shows a loading row instead of "no matches" (options fetched remotely). */
  loading?: boolean;
  /** In multiple mode, show at most this many tags and a "+N" summary. */
  maxTagCount?: number;
  emptyText?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  onSearchChange?: (query: string) => void;
  /** Called when the user picks the "use …" row of a creatable select. */
  onCreate?: (value: string) => void;
  /** Form field name: renders hidden inputs with the selected value(s). */
  name?: string;
}

interface SingleProps {
  mode?: 'single';
  value?: string | null;
  defaultValue?: string | null;
  onValueChange?: (value: string | null) => void;
}

interface MultipleProps {
  mode: 'multiple';
  value?: string[];
  defaultValue?: string[];
  onValueChange?: (value: string[]) => void;
}

export type SelectProps = SelectBaseProps & (SingleProps | MultipleProps);

const toArray = (v: string | null | string[] | undefined): string[] | undefined =>
  v === undefined ? undefined : Array.isArray(v) ? v : v === null ? [] : [v];

/**
 * Select / combobox built on Radix Popover with the ARIA combobox pattern: focus stays on
 * the field, arrows move the highlighted option (aria-activedescendant), Enter picks,
 * Escape closes, Backspace removes the last tag. Ref, className and extra props go to the
 * field frame; data-state is open | closed.
 */
export const Select = forwardRef<HTMLDivElement, SelectProps>(function Select(props, ref) {
  const {
    options,
    mode: _mode,
    value: _value,
    defaultValue: _defaultValue,
    onValueChange: _onValueChange,
    placeholder,
    size = 'md',
    status = 'default',
    disabled = false,
    searchable: searchableProp = false,
    creatable = false,
    clearable = false,
    filter = defaultFilter,
    loading = false,
    maxTagCount,
    emptyText,
    open: openProp,
    defaultOpen = false,
    onOpenChange,
    onSearchChange,
    onCreate,
    name,
    id,
    className,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    'aria-describedby': ariaDescribedBy,
    'aria-required': ariaRequired,
    ...rest
  } = props;
  const multiple = props.mode === 'multiple';
  const searchable = searchableProp || creatable;
  const { t } = useT();
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const comboRef = useRef<HTMLInputElement & HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const typeahead = useRef({ text: '', at: 0 });

  const [selected, setSelected] = useControllableState<string[]>(
    toArray(props.value),
    toArray(props.defaultValue) ?? [],
    (next) => {
      if (props.mode === 'multiple') props.onValueChange?.(next);
      else props.onValueChange?.(next[0] ?? null);
    },
  );
  const [open, setOpenState] = useControllableState<boolean>(openProp, defaultOpen, onOpenChange);
  const [query, setQueryState] = useState('');
  const [highlight, setHighlight] = useState(-1);

  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o])), [options]);
  const items = useMemo(
    () => buildItems(options, searchable ? query : '', { creatable, filter }),
    [options, query, searchable, creatable, filter],
  );
  const labelOf = (value: string): ReactNode => byValue.get(value)?.label ?? value;
  const textOf = (value: string): string => {
    const option = byValue.get(value);
    return option ? optionText(option) : value;
  };

  const setQuery = (next: string) => {
    setQueryState(next);
    onSearchChange?.(next);
  };

  const setOpen = (next: boolean) => {
    if (disabled && next) return;
    if (next === open) return;
    setOpenState(next);
    if (!next) setQuery('');
  };

  // On open (or when the rows change) highlight the selected row, else the first usable one.
  useEffect(() => {
    if (!open) {
      setHighlight(-1);
      return;
    }
    const selectedIndex = items.findIndex((i) => i.kind === 'option' && selected.includes(i.value));
    setHighlight(query === '' && selectedIndex >= 0 ? selectedIndex : firstEnabled(items));
    // Only when the list itself changes, not on every selection in multiple mode.
  }, [open, items]);

  useEffect(() => {
    if (open && highlight >= 0) {
      document.getElementById(`${baseId}-opt-${highlight}`)?.scrollIntoView({ block: 'nearest' });
    }
  }, [open, highlight, baseId]);

  const pick = (item: ListItem) => {
    if (!isEnabled(item)) return;
    if (item.kind === 'create') onCreate?.(item.value);
    if (multiple) {
      setSelected(
        selected.includes(item.value)
          ? selected.filter((v) => v !== item.value)
          : [...selected, item.value],
      );
      setQuery('');
    } else {
      setSelected([item.value]);
      setOpen(false);
    }
  };

  const remove = (value: string) => setSelected(selected.filter((v) => v !== value));

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (disabled) return;
    const current = items[highlight];
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setHighlight(moveIndex(items, highlight, 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setHighlight(moveIndex(items, highlight === -1 ? 0 : highlight, -1));
        return;
      case 'Home':
      case 'End':
        if (open && !searchable) {
          event.preventDefault();
          setHighlight(event.key === 'Home' ? firstEnabled(items) : lastEnabled(items));
        }
        return;
      case 'Enter':
        event.preventDefault();
        if (open && current) pick(current);
        else if (!open) setOpen(true);
        return;
      case ' ':
        if (searchable) return;
        event.preventDefault();
        if (open && current) pick(current);
        else setOpen(true);
        return;
      case 'Backspace':
        if (multiple && query === '' && selected.length > 0) {
          remove(selected[selected.length - 1] as string);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (!searchable && event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
          const now = Date.now();
          const text = now - typeahead.current.at < 600 ? typeahead.current.text + event.key : event.key;
          typeahead.current = { text, at: now };
          const found = findByPrefix(items, text, text.length > 1 ? highlight - 1 : highlight);
          if (found >= 0) {
            if (!open) setOpen(true);
            setHighlight(found);
          }
        }
    }
  };

  const comboProps = {
    id,
    role: 'combobox' as const,
    'aria-expanded': open,
    'aria-haspopup': 'listbox' as const,
    'aria-controls': open ? listId : undefined,
    'aria-activedescendant': open && highlight >= 0 ? `${baseId}-opt-${highlight}` : undefined,
    'aria-label': ariaLabel,
    'aria-labelledby': ariaLabelledBy,
    'aria-describedby': ariaDescribedBy,
    'aria-invalid': status === 'error' || undefined,
    // On the combobox, not the frame (FormField passes it for required fields).
    'aria-required': ariaRequired,
    'aria-disabled': disabled || undefined,
    onKeyDown: handleKeyDown,
  };

  const shownTags = maxTagCount === undefined ? selected : selected.slice(0, maxTagCount);
  const hiddenCount = selected.length - shownTags.length;
  const single = multiple ? undefined : selected[0];
  const showPlaceholder = selected.length === 0;

  let lastGroup: string | undefined;
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen}>
      <PopoverPrimitive.Anchor asChild>
        <StyledSelectFrame
          {...rest}
          ref={(node) => {
            frameRef.current = node;
            if (typeof ref === 'function') ref(node);
            else if (ref) ref.current = node;
          }}
          className={className}
          data-state={open ? 'open' : 'closed'}
          data-disabled={disabled ? '' : undefined}
          $size={size}
          $status={status}
          $disabled={disabled}
          onMouseDown={(event) => {
            // Keep focus on the combobox; the input itself may take the click for the caret.
            if (event.target !== comboRef.current) event.preventDefault();
          }}
          onClick={() => {
            if (disabled) return;
            comboRef.current?.focus();
            setOpen(searchable ? true : !open);
          }}
        >
          <StyledValueArea>
            {multiple &&
              shownTags.map((value) => (
                <StyledTag key={value} data-value={value}>
                  {labelOf(value)}
                  {!disabled && (
                    <StyledTagRemove
                      type="button"
                      tabIndex={-1}
                      aria-label={t('select.removeItem', { label: textOf(value) })}
                      onClick={(event) => {
                        event.stopPropagation();
                        remove(value);
                      }}
                    >
                      <CloseIcon />
                    </StyledTagRemove>
                  )}
                </StyledTag>
              ))}
            {multiple && hiddenCount > 0 && <StyledTag>+{hiddenCount}</StyledTag>}
            {searchable ? (
              <StyledInputWrap>
                {single !== undefined && query === '' && (
                  <StyledSingleValue aria-hidden="true">{labelOf(single)}</StyledSingleValue>
                )}
                <StyledSearchInput
                  ref={comboRef}
                  {...comboProps}
                  aria-autocomplete="list"
                  autoComplete="off"
                  disabled={disabled}
                  value={query}
                  placeholder={showPlaceholder ? (placeholder ?? t('select.placeholder')) : undefined}
                  onChange={(event) => {
                    setQuery(event.target.value);
                    setOpen(true);
                  }}
                />
              </StyledInputWrap>
            ) : (
              <StyledComboButton ref={comboRef} tabIndex={disabled ? -1 : 0} {...comboProps}>
                {single !== undefined ? (
                  labelOf(single)
                ) : showPlaceholder ? (
                  <StyledPlaceholder>{placeholder ?? t('select.placeholder')}</StyledPlaceholder>
                ) : null}
              </StyledComboButton>
            )}
          </StyledValueArea>
          <StyledAffix>
            {clearable && selected.length > 0 && !disabled && (
              <StyledIconButton
                type="button"
                tabIndex={-1}
                aria-label={t('select.clear')}
                onClick={(event) => {
                  event.stopPropagation();
                  setSelected([]);
                }}
              >
                <ClearIcon />
              </StyledIconButton>
            )}
            <ChevronDownIcon aria-hidden="true" />
          </StyledAffix>
          {name !== undefined && selected.map((v) => <input key={v} type="hidden" name={name} value={v} />)}
        </StyledSelectFrame>
      </PopoverPrimitive.Anchor>
      <PopoverPrimitive.Portal>
        <StyledSelectContent
          align="start"
          sideOffset={4}
          collisionPadding={8}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            // The field is outside the panel but belongs to it: clicks there toggle instead.
            if (event.target instanceof Node && frameRef.current?.contains(event.target)) {
              event.preventDefault();
            }
          }}
        >
          <StyledListbox
            id={listId}
            role="listbox"
            aria-multiselectable={multiple || undefined}
            aria-label={ariaLabel}
            aria-labelledby={ariaLabelledBy}
          >
            {items.map((item, index) => {
              const groupHeader =
                item.kind === 'option' && item.option.group !== undefined && item.option.group !== lastGroup
                  ? item.option.group
                  : undefined;
              if (item.kind === 'option') lastGroup = item.option.group;
              const isSelected = item.kind === 'option' && selected.includes(item.value);
              return [
                groupHeader !== undefined && (
                  <StyledGroupLabel key={`g-${groupHeader}`} role="presentation">
                    {groupHeader}
                  </StyledGroupLabel>
                ),
                <StyledOption
                  key={`${item.kind}-${item.value}`}
                  id={`${baseId}-opt-${index}`}
                  role="option"
                  aria-selected={isSelected}
                  aria-disabled={!isEnabled(item) || undefined}
                  data-highlighted={index === highlight ? '' : undefined}
                  data-disabled={!isEnabled(item) ? '' : undefined}
                  data-kind={item.kind}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (isEnabled(item) && index !== highlight) setHighlight(index);
                  }}
                  onClick={() => pick(item)}
                >
                  <StyledOptionText>
                    {item.kind === 'create' ? t('select.create', { value: item.value }) : item.option.label}
                    {item.kind === 'option' && item.option.description !== undefined && (
                      <StyledOptionDescription>{item.option.description}</StyledOptionDescription>
                    )}
                  </StyledOptionText>
                  {isSelected && <CheckIcon aria-hidden="true" />}
                </StyledOption>,
              ];
            })}
            {items.length === 0 && (
              <StyledEmpty role="presentation">
                {loading ? t('common.loading') : (emptyText ?? t('select.noOptions'))}
              </StyledEmpty>
            )}
          </StyledListbox>
        </StyledSelectContent>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
});
