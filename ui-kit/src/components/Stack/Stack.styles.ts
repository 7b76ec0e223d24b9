import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';
import type { SpaceKey } from '../../theme/types';

export type StackDirection = 'column' | 'row';
export type StackAlign = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
export type StackJustify = 'start' | 'center' | 'end' | 'between';

const justifyValue: Record<StackJustify, string> = { start: 'flex-start', center: 'center', end: 'flex-end', between: 'space-between' };
const alignValue: Record<StackAlign, string> = { start: 'flex-start', center: 'center', end: 'flex-end', stretch: 'stretch', baseline: 'baseline' };

export interface StyledStackProps {
  $direction: StackDirection;
  $gap: SpaceKey;
  $align: StackAlign;
  $justify: StackJustify;
  $wrap: boolean;
}

export const StyledStack = styled.div<StyledStackProps>`
  ${({ theme, $direction, $gap, $align, $justify, $wrap }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: ${$direction};
      gap: ${t.space[$gap]};
      align-items: ${alignValue[$align]};
      justify-content: ${justifyValue[$justify]};
      flex-wrap: ${$wrap ? 'wrap' : 'nowrap'};
      min-width: 0;
    `;
  }}
`;
