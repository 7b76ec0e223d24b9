import { styled } from 'styled-components';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { floatingPanel, menuRow } from '../../internal/overlayStyles';
import { th } from '../../theme/resolveTheme';

export type MenuItemTone = 'default' | 'danger';

export const StyledMenuContent = styled(MenuPrimitive.Content)`
  ${floatingPanel}
  z-index: ${th((t) => t.zIndices.dropdown)};
  min-width: ${th((t) => t.sizes.menuMin)};
  padding: ${th((t) => t.space[1])};
`;

export const StyledMenuItem = styled(MenuPrimitive.Item)<{ $tone: MenuItemTone }>`
  ${menuRow}
  color: ${({ theme, $tone }) =>
    th((t) => ($tone === 'danger' ? t.colors.danger : t.colors.text))({ theme })};

  &[data-highlighted] {
    background: ${({ theme, $tone }) =>
      th((t) => ($tone === 'danger' ? t.colors.dangerSubtle : t.colors.bgHover))({ theme })};
  }
`;

export const StyledMenuCheckboxItem = styled(MenuPrimitive.CheckboxItem)`
  ${menuRow}
`;

export const StyledMenuLabel = styled(MenuPrimitive.Label)`
  padding: ${th((t) => t.space[1])} ${th((t) => t.space[2])};
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.xs)};
`;

export const StyledMenuSeparator = styled(MenuPrimitive.Separator)`
  height: ${th((t) => t.borderWidths.thin)};
  margin: ${th((t) => t.space[1])} 0;
  background: ${th((t) => t.colors.border)};
`;

export const StyledMenuIcon = styled.span`
  display: inline-flex;
  width: ${th((t) => t.sizes.icon.md)};
  justify-content: center;
  color: inherit;
`;

export const StyledMenuText = styled.span`
  flex: 1;
`;

export const StyledMenuShortcut = styled.span`
  margin-left: ${th((t) => t.space[4])};
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.xs)};
`;
