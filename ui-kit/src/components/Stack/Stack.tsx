import { forwardRef, type HTMLAttributes } from 'react';
import type { SpaceKey } from '../../theme/types';
import { StyledStack, type StackAlign, type StackDirection, type StackJustify } from './Stack.styles';

export type { StackAlign, StackDirection, StackJustify };

export interface StackProps extends HTMLAttributes<HTMLDivElement> {
  /** 'column' (default) stacks blocks; 'row' lines items up. */
  direction?: StackDirection;
  /** Space token between children (multiples of 4 px); default 4 (16 px). */
  gap?: SpaceKey;
  align?: StackAlign;
  justify?: StackJustify;
  /** Rows wrap by default so nothing overflows a narrow screen. */
  wrap?: boolean;
  as?: 'div' | 'section' | 'ul' | 'ol' | 'form' | 'header' | 'footer';
}

/** Spacing between blocks or items from the theme's scale: pages compose with it instead of margins. */
export const Stack = forwardRef<HTMLDivElement, StackProps>(function Stack(
  { direction = 'column', gap = 4, align, justify = 'start', wrap, ...rest },
  ref,
) {
  return (
    <StyledStack
      ref={ref}
      $direction={direction}
      $gap={gap}
      $align={align ?? (direction === 'row' ? 'center' : 'stretch')}
      $justify={justify}
      $wrap={wrap ?? direction === 'row'}
      data-direction={direction}
      {...rest}
    />
  );
});
