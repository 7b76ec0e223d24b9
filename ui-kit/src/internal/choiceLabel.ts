// Label row used by Switch and Checkbox when given a `label`.
import { styled } from 'styled-components';
import { th } from '../theme/resolveTheme';

export const StyledChoiceLabel = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  line-height: ${th((t) => t.lineHeights.normal)};
  color: ${({ theme, $disabled }) =>
    th((t) => ($disabled ? t.colors.textDisabled : t.colors.text))({ theme })};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  user-select: none;
`;
