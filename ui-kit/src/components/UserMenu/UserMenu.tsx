import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronDownIcon } from '../../internal/icons';
import { DropdownMenu, type DropdownMenuEntry } from '../DropdownMenu/DropdownMenu';
import { StyledAvatar, StyledChevron, StyledName, StyledTrigger } from './UserMenu.styles';

export interface UserMenuProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Shown as text, never as HTML. */
  username: string;
  /** Custom avatar (e.g. an <img>); defaults to the first character of the name. */
  avatar?: ReactNode;
  /** Entries such as settings / personal center and logout. */
  items: DropdownMenuEntry[];
  align?: 'start' | 'center' | 'end';
}

/** First visible character, so names that start with an emoji or a Han character work. */
export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toUpperCase() : '?';
}

/** The signed-in user's name and avatar opening a menu (Radix DropdownMenu). */
export const UserMenu = forwardRef<HTMLButtonElement, UserMenuProps>(function UserMenu(
  { username, avatar, items, align = 'end', ...rest },
  ref,
) {
  const { t } = useT();
  return (
    // The menu is named by its trigger (the user name); the generic label is a hint.
    <DropdownMenu items={items} align={align}>
      <StyledTrigger ref={ref} type="button" title={t('userMenu.label')} {...rest}>
        <StyledAvatar aria-hidden="true">{avatar ?? initialOf(username)}</StyledAvatar>
        <StyledName>{username}</StyledName>
        <StyledChevron aria-hidden="true">
          <ChevronDownIcon />
        </StyledChevron>
      </StyledTrigger>
    </DropdownMenu>
  );
});
