import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import {
  StyledHidden,
  StyledShape,
  StyledSkeleton,
  type SkeletonAnimation,
  type SkeletonVariant,
} from './Skeleton.styles';

export type { SkeletonAnimation, SkeletonVariant };

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  variant?: SkeletonVariant;
  /** Text variant: number of lines; the last one is shorter, like a paragraph. */
  lines?: number;
  /** CSS length, e.g. '60%' or '12rem'. */
  width?: string;
  height?: string;
  animation?: SkeletonAnimation;
  /** When false, renders `children` instead of the placeholder. Defaults to true. */
  loading?: boolean;
  children?: ReactNode;
  /** Accessible name of the placeholder; defaults to "内容加载中". */
  label?: string;
}

/** Placeholder shapes shown while content loads (aria-busy, one hidden status label). */
export const Skeleton = forwardRef<HTMLDivElement, SkeletonProps>(function Skeleton(
  { variant = 'text', lines = 1, width, height, animation = 'pulse', loading = true, children, label, ...rest },
  ref,
) {
  const { t } = useT();
  if (!loading) return <>{children}</>;
  const count = variant === 'text' ? Math.max(1, Math.floor(lines)) : 1;
  return (
    <StyledSkeleton ref={ref} role="status" aria-busy="true" data-state="loading" data-variant={variant} {...rest}>
      <StyledHidden>{label ?? t('skeleton.label')}</StyledHidden>
      {Array.from({ length: count }, (_, i) => (
        <StyledShape
          key={i}
          aria-hidden="true"
          data-part="shape"
          $variant={variant}
          $animation={animation}
          $width={count > 1 && i === count - 1 ? '60%' : width}
          $height={height}
        />
      ))}
    </StyledSkeleton>
  );
});
