import { styled } from 'styled-components';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { fieldAffix, fieldFrame, type FieldFrameProps } from '../../internal/fieldStyles';
import { floatingPanel, menuRow } from '../../internal/overlayStyles';
import { resolveTheme, th } from '../../theme/resolveTheme';

export const StyledSelectFrame = styled.div<FieldFrameProps>`
  ${fieldFrame}
  position: relative;
  flex-wrap: nowrap;
  min-height: ${({ theme, $size }) => resolveTheme(theme).sizes.control[$size]};
  padding-top: ${th((t) => t.space[0.5])};
  padding-bottom: ${th((t) => t.space[0.5])};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};

  &[data-state='open'] {
    border-color: ${th((t) => t.colors.primary)};
  }
`;

export const StyledValueArea = styled.div`
  display: flex;
  flex: 1;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[1])};
  min-width: 0;
`;

/** Focus target when the select is not searchable. */
export const StyledComboButton = styled.div`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  outline: none;
`;

export const StyledSearchInput = styled.input`
  flex: 1;
  min-width: ${th((t) => t.space[12])};
  margin: 0;
  padding: 0;
  border: 0;
  outline: none;
  background: transparent;
  color: inherit;
  font: inherit;

  &::placeholder {
    color: ${th((t) => t.colors.textDisabled)};
  }
`;

// Secondary, not disabled text: a placeholder is read (AA contrast), unlike a disabled control.
export const StyledPlaceholder = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledSingleValue = styled.span`
  position: absolute;
  left: 0;
  right: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  pointer-events: none;
`;

export const StyledInputWrap = styled.span`
  position: relative;
  display: flex;
  flex: 1;
  align-items: center;
  min-width: ${th((t) => t.space[12])};
`;

export const StyledTag = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[0.5])};
  max-width: 100%;
  height: ${th((t) => t.space[6])};
  padding: 0 ${th((t) => t.space[1])} 0 ${th((t) => t.space[2])};
  border-radius: ${th((t) => t.radii.sm)};
  background: ${th((t) => t.colors.bgMuted)};
  color: ${th((t) => t.colors.text)};
  font-size: ${th((t) => t.fontSizes.sm)};
  white-space: nowrap;
`;

export const StyledTagRemove = styled.button`
  display: inline-flex;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${th((t) => t.colors.textSecondary)};
  cursor: pointer;

  &:hover {
    color: ${th((t) => t.colors.text)};
  }
`;

export const StyledAffix = styled.span`
  ${fieldAffix}
  gap: ${th((t) => t.space[1])};
`;

export const StyledIconButton = styled.button`
  display: inline-flex;
  padding: 0;
  border: 0;
  background: transparent;
  color: ${th((t) => t.colors.textDisabled)};
  cursor: pointer;

  &:hover {
    color: ${th((t) => t.colors.textSecondary)};
  }
`;

export const StyledSelectContent = styled(PopoverPrimitive.Content)`
  ${floatingPanel}
  /* Above dialogs and side sheets: a select inside a panel opens over it. */
  z-index: ${th((t) => t.zIndices.popover)};
  width: var(--radix-popover-trigger-width);
  min-width: ${th((t) => t.sizes.menuMin)};
  padding: ${th((t) => t.space[1])};
`;

export const StyledListbox = styled.ul`
  max-height: ${th((t) => t.sizes.selectListMax)};
  margin: 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
`;

export const StyledOption = styled.li`
  ${menuRow}
  justify-content: space-between;

  &[aria-selected='true'] {
    color: ${th((t) => t.colors.primary)};
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
`;

export const StyledOptionText = styled.span`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;
  padding: ${th((t) => t.space[1])} 0;
`;

export const StyledOptionDescription = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.xs)};
  font-weight: ${th((t) => t.fontWeights.regular)};
`;

export const StyledGroupLabel = styled.li`
  padding: ${th((t) => t.space[1])} ${th((t) => t.space[2])};
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.xs)};
`;

export const StyledEmpty = styled.li`
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[2])};
  color: ${th((t) => t.colors.textSecondary)};
  text-align: center;
`;
