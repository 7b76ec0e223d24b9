import { styled } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';

export type FloatingPlacement = 'bottom-end' | 'bottom-start';

export const StyledFloatingButtons = styled.div<{ $placement: FloatingPlacement; $collapsible: boolean }>`
  position: fixed;
  bottom: ${th((t) => t.space[6])};
  ${({ $placement }) => ($placement === 'bottom-end' ? 'right' : 'left')}: ${th((t) => t.space[6])};
  z-index: ${th((t) => t.zIndices.sticky)};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${th((t) => t.space[2])};

  @media print {
    display: none;
  }

  /* A phone keeps the launcher closer to the corner: less of the page under it. */
  ${({ $collapsible, $placement, theme }) =>
    $collapsible
      ? `@media (max-width: calc(${resolveTheme(theme).breakpoints.md} - 0.02px)) {
    bottom: ${resolveTheme(theme).space[4]};
    ${$placement === 'bottom-end' ? 'right' : 'left'}: ${resolveTheme(theme).space[4]};
  }`
      : ''}
`;

/** The buttons themselves; below md, when collapsible, shown only while the launcher is open. */
export const StyledFloatingItems = styled.div<{ $collapsible: boolean; $open: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${th((t) => t.space[2])};

  ${({ $collapsible, $open, theme }) =>
    $collapsible && !$open
      ? `@media (max-width: calc(${resolveTheme(theme).breakpoints.md} - 0.02px)) {
    display: none;
  }`
      : ''}
`;

/** The one button a narrow screen shows; hidden from md up, where the column has room. */
export const StyledFloatingLauncher = styled.div`
  display: flex;
  ${({ theme }) => `@media (min-width: ${resolveTheme(theme).breakpoints.md}) {
    display: none;
  }`}
`;

/** Round buttons float over content, so they get a surface and a shadow. */
export const StyledFloatingSlot = styled.span`
  display: inline-flex;
  border-radius: ${th((t) => t.radii.round)};
  background: ${th((t) => t.colors.bgElevated)};
  box-shadow: ${th((t) => t.shadows.md)};
`;
