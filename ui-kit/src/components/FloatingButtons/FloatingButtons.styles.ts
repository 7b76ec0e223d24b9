import { styled } from 'styled-components';
import { th } from '../../theme/resolveTheme';

export type FloatingPlacement = 'bottom-end' | 'bottom-start';

export const StyledFloatingButtons = styled.div<{ $placement: FloatingPlacement }>`
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
`;

/** Round buttons float over content, so they get a surface and a shadow. */
export const StyledFloatingSlot = styled.span`
  display: inline-flex;
  border-radius: ${th((t) => t.radii.round)};
  background: ${th((t) => t.colors.bgElevated)};
  box-shadow: ${th((t) => t.shadows.md)};
`;
