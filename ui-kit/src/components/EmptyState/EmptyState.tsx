import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { StyledEmptyDescription, StyledEmptyIcon, StyledEmptyState, StyledEmptyTitle } from './EmptyState.styles';

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Defaults to the catalogue's "no data". */
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A button or link that gets the user going. */
  action?: ReactNode;
}

function BoxIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true" focusable="false">
      <path d="M3 7l9-4 9 4-9 4-9-4z" />
      <path d="M3 7v10l9 4 9-4V7" />
      <path d="M12 11v10" />
    </svg>
  );
}

/** What a list, table or page shows when there is nothing yet. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { title, description, icon, action, ...rest },
  ref,
) {
  const { t } = useT();
  return (
    <StyledEmptyState ref={ref} role="status" {...rest}>
      <StyledEmptyIcon>{icon ?? <BoxIcon />}</StyledEmptyIcon>
      <StyledEmptyTitle>{title ?? t('common.empty')}</StyledEmptyTitle>
      {description !== undefined && <StyledEmptyDescription>{description}</StyledEmptyDescription>}
      {action}
    </StyledEmptyState>
  );
});
