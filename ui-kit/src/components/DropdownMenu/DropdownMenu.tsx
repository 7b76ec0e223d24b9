import { forwardRef, type ComponentPropsWithoutRef, type ReactElement, type ReactNode } from 'react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { CheckIcon } from '../../internal/icons';
import {
  StyledMenuCheckboxItem,
  StyledMenuContent,
  StyledMenuIcon,
  StyledMenuItem,
  StyledMenuLabel,
  StyledMenuSeparator,
  StyledMenuShortcut,
  StyledMenuText,
  type MenuItemTone,
} from './DropdownMenu.styles';

export type { MenuItemTone };

export type DropdownMenuEntry =
  | {
      type?: 'item';
      key: string;
      label: ReactNode;
      icon?: ReactNode;
      shortcut?: string;
      tone?: MenuItemTone;
      disabled?: boolean;
      onSelect?: () => void;
    }
  | {
      type: 'checkbox';
      key: string;
      label: ReactNode;
      checked: boolean;
      onCheckedChange: (checked: boolean) => void;
      disabled?: boolean;
      /** Close the menu on a choice (one of several, e.g. a language); by default it stays open. */
      closeOnSelect?: boolean;
    }
  | { type: 'label'; key: string; label: ReactNode }
  | { type: 'separator'; key: string };

export interface DropdownMenuProps
  extends Omit<ComponentPropsWithoutRef<typeof MenuPrimitive.Content>, 'children'> {
  /** The trigger: one element that can hold a ref (usually a Button or IconButton). */
  children: ReactElement;
  items: DropdownMenuEntry[];
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Modal menus block the page while open. Defaults to true, as in Radix. */
  modal?: boolean;
}

function renderEntry(entry: DropdownMenuEntry): ReactNode {
  switch (entry.type) {
    case 'separator':
      return <StyledMenuSeparator key={entry.key} />;
    case 'label':
      return <StyledMenuLabel key={entry.key}>{entry.label}</StyledMenuLabel>;
    case 'checkbox':
      return (
        <StyledMenuCheckboxItem
          key={entry.key}
          checked={entry.checked}
          disabled={entry.disabled}
          onCheckedChange={entry.onCheckedChange}
          // Keep the menu open so several options can be toggled in a row, unless asked otherwise.
          onSelect={(event) => {
            if (entry.closeOnSelect !== true) event.preventDefault();
          }}
        >
          <StyledMenuIcon>
            <MenuPrimitive.ItemIndicator>
              <CheckIcon />
            </MenuPrimitive.ItemIndicator>
          </StyledMenuIcon>
          <StyledMenuText>{entry.label}</StyledMenuText>
        </StyledMenuCheckboxItem>
      );
    case undefined:
    case 'item':
      return (
        <StyledMenuItem
          key={entry.key}
          disabled={entry.disabled}
          onSelect={entry.onSelect}
          $tone={entry.tone ?? 'default'}
          data-tone={entry.tone ?? 'default'}
        >
          {entry.icon !== undefined && <StyledMenuIcon>{entry.icon}</StyledMenuIcon>}
          <StyledMenuText>{entry.label}</StyledMenuText>
          {entry.shortcut !== undefined && <StyledMenuShortcut>{entry.shortcut}</StyledMenuShortcut>}
        </StyledMenuItem>
      );
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/**
 * Action menu (Radix DropdownMenu): opens on click, Enter, Space or ArrowDown; arrows move,
 * typing jumps to an item, Escape closes and refocuses the trigger. Ref/className go to the panel.
 */
export const DropdownMenu = forwardRef<HTMLDivElement, DropdownMenuProps>(function DropdownMenu(
  { children, items, open, defaultOpen, onOpenChange, modal, align = 'start', sideOffset = 4, ...rest },
  ref,
) {
  return (
    <MenuPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={modal}>
      <MenuPrimitive.Trigger asChild>{children}</MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <StyledMenuContent ref={ref} align={align} sideOffset={sideOffset} collisionPadding={8} {...rest}>
          {items.map(renderEntry)}
        </StyledMenuContent>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
});
