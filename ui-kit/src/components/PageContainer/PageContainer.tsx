import { forwardRef, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledBody,
  StyledBreadcrumb,
  StyledDescription,
  StyledExtra,
  StyledHeader,
  StyledHeading,
  StyledPage,
  StyledTitle,
  type PageWidth,
} from './PageContainer.styles';

export type { PageWidth };

export interface BreadcrumbEntry {
  key: string;
  label: ReactNode;
  href?: string;
}

export interface PageContainerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The page's h1. */
  title?: ReactNode;
  description?: ReactNode;
  /** Page actions on the right of the title (add, refresh, export). */
  extra?: ReactNode;
  /** The last entry is the current page. */
  breadcrumb?: readonly BreadcrumbEntry[];
  /** Router links for breadcrumb entries, e.g. `(e, c) => <Link to={e.href}>{c}</Link>`. */
  renderLink?: (entry: BreadcrumbEntry & { href: string }, content: ReactNode) => ReactElement;
  /** 'narrow' for forms, 'default' for lists, 'full' for dashboards and frames. */
  width?: PageWidth;
}

/** Page frame: breadcrumb, h1 title, description and actions, then the content. */
export const PageContainer = forwardRef<HTMLDivElement, PageContainerProps>(function PageContainer(
  { title, description, extra, breadcrumb, renderLink, width = 'default', children, ...rest },
  ref,
) {
  const { t } = useT();
  const hasHeader = title !== undefined || description !== undefined || extra !== undefined;
  return (
    <StyledPage ref={ref} data-width={width} $width={width} {...rest}>
      {breadcrumb && breadcrumb.length > 0 ? (
        <StyledBreadcrumb aria-label={t('pageContainer.breadcrumb')}>
          <ol>
            {breadcrumb.map((entry, index) => {
              const current = index === breadcrumb.length - 1;
              const { href } = entry;
              if (current || href === undefined) {
                return (
                  <li key={entry.key}>
                    <span aria-current={current ? 'page' : undefined}>{entry.label}</span>
                  </li>
                );
              }
              return (
                <li key={entry.key}>
                  {renderLink ? renderLink({ ...entry, href }, entry.label) : <a href={href}>{entry.label}</a>}
                </li>
              );
            })}
          </ol>
        </StyledBreadcrumb>
      ) : null}
      {hasHeader ? (
        <StyledHeader>
          <StyledHeading>
            {title !== undefined ? <StyledTitle>{title}</StyledTitle> : null}
            {description !== undefined ? <StyledDescription>{description}</StyledDescription> : null}
          </StyledHeading>
          {extra !== undefined ? <StyledExtra>{extra}</StyledExtra> : null}
        </StyledHeader>
      ) : null}
      <StyledBody>{children}</StyledBody>
    </StyledPage>
  );
});
