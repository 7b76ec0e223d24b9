// Pure helpers for Select: filtering, the create row, and keyboard movement.
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** Plain text used for search and tags when `label` is not a string. */
  textValue?: string;
  description?: ReactNode;
  /** Options with the same group are listed under one heading, in order of appearance. */
  group?: string;
  disabled?: boolean;
}

export type ListItem =
  | { kind: 'create'; value: string }
  | { kind: 'option'; value: string; option: SelectOption };

export function optionText(option: SelectOption): string {
  if (option.textValue !== undefined) return option.textValue;
  return typeof option.label === 'string' || typeof option.label === 'number'
    ? String(option.label)
    : option.value;
}

export function defaultFilter(option: SelectOption, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  return optionText(option).toLowerCase().includes(q) || option.value.toLowerCase().includes(q);
}

/** The rows of the open list: an optional "use <query>" row, then matching options. */
export function buildItems(
  options: SelectOption[],
  query: string,
  opts: { creatable: boolean; filter: (option: SelectOption, query: string) => boolean },
): ListItem[] {
  const matches: ListItem[] = options
    .filter((option) => opts.filter(option, query))
    .map((option) => ({ kind: 'option', value: option.value, option }));
  const typed = query.trim();
  const exists = options.some(
    (o) => o.value === typed || optionText(o).toLowerCase() === typed.toLowerCase(),
  );
  if (opts.creatable && typed !== '' && !exists) {
    return [{ kind: 'create', value: typed }, ...matches];
  }
  return matches;
}

export function isEnabled(item: ListItem | undefined): boolean {
  return item !== undefined && (item.kind === 'create' || !item.option.disabled);
}

/** Next enabled index in a direction, wrapping around; -1 when nothing is enabled. */
export function moveIndex(items: ListItem[], from: number, step: 1 | -1): number {
  const n = items.length;
  for (let i = 1; i <= n; i += 1) {
    const index = (((from + step * i) % n) + n) % n;
    if (isEnabled(items[index])) return index;
  }
  return -1;
}

export function firstEnabled(items: ListItem[]): number {
  return moveIndex(items, -1, 1);
}

export function lastEnabled(items: ListItem[]): number {
  return moveIndex(items, 0, -1) === -1 ? -1 : moveIndex(items, items.length, -1);
}

/** Typeahead for closed/non-searchable selects: next option whose text starts with `prefix`. */
export function findByPrefix(items: ListItem[], prefix: string, from: number): number {
  const p = prefix.toLowerCase();
  const n = items.length;
  for (let i = 1; i <= n; i += 1) {
    const index = (from + i) % n;
    const item = items[index];
    if (item?.kind === 'option' && isEnabled(item) && optionText(item.option).toLowerCase().startsWith(p)) {
      return index;
    }
  }
  return -1;
}
