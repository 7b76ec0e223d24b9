// Icon buttons share the Button look; only the square shape and icon size differ.
import { styled } from 'styled-components';
import { StyledButton } from '../Button/Button.styles';
import { resolveTheme } from '../../theme/resolveTheme';
import type { ControlSize } from '../../theme/types';

export const StyledIconButton = styled(StyledButton)<{ $shape: IconButtonShape }>`
  border-radius: ${({ theme, $shape }) => {
    const t = resolveTheme(theme);
    return $shape === 'circle' ? t.radii.round : t.radii.md;
  }};
`;

export type IconButtonShape = 'square' | 'circle';

export const StyledGlyph = styled.span<{ $size: ControlSize }>`
  display: inline-flex;
  font-size: ${({ theme, $size }) => resolveTheme(theme).sizes.icon[$size]};
`;
