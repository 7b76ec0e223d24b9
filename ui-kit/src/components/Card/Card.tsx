import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import { Skeleton } from '../Skeleton/Skeleton';
import {
  StyledCard,
  StyledCardBody,
  StyledCardDescription,
  StyledCardExtra,
  StyledCardFooter,
  StyledCardHeader,
  StyledCardHeading,
  StyledCardTitle,
  type CardPadding,
  type CardVariant,
} from './Card.styles';

export type { CardPadding, CardVariant };

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Header actions on the right (buttons, a refresh icon). */
  extra?: ReactNode;
  footer?: ReactNode;
  variant?: CardVariant;
  padding?: CardPadding;
  /** Shows a text skeleton instead of the body. */
  loading?: boolean;
}

/** A titled surface (a <section> named by its title), e.g. summary cards, the invite card. */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { title, description, extra, footer, variant = 'outlined', padding = 'md', loading = false, children, ...rest },
  ref,
) {
  const titleId = useId();
  const hasHeader = title !== undefined || description !== undefined || extra !== undefined;
  return (
    <StyledCard
      ref={ref}
      aria-labelledby={title !== undefined ? titleId : undefined}
      aria-busy={loading || undefined}
      data-variant={variant}
      data-state={loading ? 'loading' : 'idle'}
      $variant={variant}
      {...rest}
    >
      {hasHeader ? (
        <StyledCardHeader $padding={padding}>
          <StyledCardHeading>
            {title !== undefined ? <StyledCardTitle id={titleId}>{title}</StyledCardTitle> : null}
            {description !== undefined ? <StyledCardDescription>{description}</StyledCardDescription> : null}
          </StyledCardHeading>
          {extra !== undefined ? <StyledCardExtra>{extra}</StyledCardExtra> : null}
        </StyledCardHeader>
      ) : null}
      <StyledCardBody $padding={padding}>{loading ? <Skeleton lines={3} /> : children}</StyledCardBody>
      {footer !== undefined ? <StyledCardFooter $padding={padding}>{footer}</StyledCardFooter> : null}
    </StyledCard>
  );
});
