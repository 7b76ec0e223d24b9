import { forwardRef, type FormEvent, type HTMLAttributes, type ReactNode } from 'react';
import { StyledToolbar, StyledToolbarGroup } from './Toolbar.styles';

export interface ToolbarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onSubmit'> {
  /** Filters (inputs, selects, the search button) on the start side. */
  filters?: ReactNode;
  /** Actions (add, batch buttons) on the end side. */
  actions?: ReactNode;
  /**
   * Makes the filters a search form: Enter in any filter, or a submit button inside, calls it.
   */
  onSearch?: () => void;
  /** Accessible name of the filters' region, e.g. "筛选". */
  filtersLabel?: string;
}

/** The bar above a table: filters that wrap on narrow screens, and the page's actions. */
export const Toolbar = forwardRef<HTMLDivElement, ToolbarProps>(function Toolbar(
  { filters, actions, onSearch, filtersLabel, ...rest },
  ref,
) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSearch?.();
  };
  return (
    <StyledToolbar ref={ref} {...rest}>
      {filters !== undefined &&
        (onSearch ? (
          <StyledToolbarGroup as="form" role="search" aria-label={filtersLabel} onSubmit={onSubmit}>
            {filters}
          </StyledToolbarGroup>
        ) : (
          <StyledToolbarGroup role="group" aria-label={filtersLabel}>
            {filters}
          </StyledToolbarGroup>
        ))}
      {actions !== undefined && <StyledToolbarGroup>{actions}</StyledToolbarGroup>}
    </StyledToolbar>
  );
});
