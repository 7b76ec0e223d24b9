import { styled } from 'styled-components';
import { th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';

export const StyledTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  max-width: calc(${th((t) => t.sizes.menuMin)} * 1.5);
  height: ${th((t) => t.sizes.control.md)};
  margin: 0;
  padding: 0 ${th((t) => t.space[2])} 0 ${th((t) => t.space[1])};
  border: 0;
  border-radius: ${th((t) => t.radii.pill)};
  background: ${th((t) => t.colors.transparent)};
  color: ${th((t) => t.colors.text)};
  font: inherit;
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  cursor: pointer;

  &:hover,
  &[data-state='open'] {
    background: ${th((t) => t.colors.bgHover)};
  }
  ${focusVisible}
`;

export const StyledAvatar = styled.span`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  justify-content: center;
  width: ${th((t) => t.sizes.control.sm)};
  height: ${th((t) => t.sizes.control.sm)};
  overflow: hidden;
  border-radius: ${th((t) => t.radii.round)};
  background: ${th((t) => t.colors.primary)};
  color: ${th((t) => t.colors.onPrimary)};
  font-size: ${th((t) => t.fontSizes.sm)};
  font-weight: ${th((t) => t.fontWeights.semibold)};

  & img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

export const StyledName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const StyledChevron = styled.span`
  display: inline-flex;
  color: ${th((t) => t.colors.textSecondary)};
`;
