import {
  forwardRef,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useT } from '../../i18n/I18nProvider';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '../../internal/icons';
import { IconButton } from '../IconButton/IconButton';
import {
  StyledBrand,
  StyledEnd,
  StyledIcon,
  StyledMenuToggle,
  StyledNavContent,
  StyledNavItem,
  StyledNavLink,
  StyledNavList,
  StyledNavRoot,
  StyledNavTrigger,
  StyledSubList,
  StyledTopNav,
} from './TopNav.styles';

export interface NavItem {
  key: string;
  label: ReactNode;
  /** Where the entry goes; entries without href (and without children) are actions. */
  href?: string;
  icon?: ReactNode;
  /** One level of sub-entries, shown in a dropdown (a submenu). */
  children?: readonly NavItem[];
  /** Called when chosen, after onNavigate; for actions like a festive effect. */
  onSelect?: () => void;
}

/**
 * Renders a link for router integration without a router dependency, e.g.
 * `(item, content) => <Link to={item.href}>{content}</Link>`. The element must pass
 * through className, onClick and aria props (react-router's Link does).
 */
export type NavLinkRenderer = (item: NavItem & { href: string }, content: ReactNode) => ReactElement;

export interface TopNavProps extends HTMLAttributes<HTMLElement> {
  brand?: ReactNode;
  items: readonly NavItem[];
  /** Key of the current page; its parent entry is highlighted too. */
  activeKey?: string;
  renderLink?: NavLinkRenderer;
  onNavigate?: (item: NavItem) => void;
  /** Right side: user menu, login and register buttons, theme toggle. */
  end?: ReactNode;
}

/**
 * Top navigation bar on Radix NavigationMenu: links with aria-current, submenus that open
 * on hover, click or keyboard, and a menu button that collapses the entries on narrow
 * screens.
 */
/**
 * In the collapsed (phone) menu a submenu opens and closes by tap or keyboard only: Radix skips
 * its hover handlers for an event whose default was prevented. Hover-opening there would also race
 * a tap that closes (the hover's open timer fired after the tap and opened the submenu again).
 */
function noHover(event: PointerEvent<HTMLButtonElement>): void {
  event.preventDefault();
}

export const TopNav = forwardRef<HTMLElement, TopNavProps>(function TopNav(
  { brand, items, activeKey, renderLink, onNavigate, end, ...rest },
  ref,
) {
  const { t } = useT();
  const navId = useId();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The open submenu (Radix value, '' when none).
  const [openItem, setOpenItem] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  // While a submenu is open Radix renders a focus proxy after its trigger: an aria-hidden span
  // with tabIndex 0 (axe aria-hidden-focus, serious; a screen reader user tabs onto nothing). It
  // exists to reach content rendered in a separate viewport; our content follows the trigger in
  // the DOM, so Tab reaches its links without it. Take it out of the tab order.
  useLayoutEffect(() => {
    listRef.current
      ?.querySelectorAll<HTMLElement>(':scope > li > button + span[aria-hidden="true"][tabindex="0"]')
      .forEach((proxy) => proxy.setAttribute('tabindex', '-1'));
  }, [openItem]);

  const choose = (item: NavItem): void => {
    setMobileOpen(false);
    onNavigate?.(item);
    item.onSelect?.();
  };

  const renderEntry = (item: NavItem): ReactNode => {
    const content = (
      <>
        {item.icon !== undefined ? <StyledIcon aria-hidden="true">{item.icon}</StyledIcon> : null}
        <span>{item.label}</span>
      </>
    );
    const { href } = item;
    const element =
      href === undefined ? (
        <button type="button">{content}</button>
      ) : renderLink ? (
        renderLink({ ...item, href }, content)
      ) : (
        <a href={href}>{content}</a>
      );
    return (
      <StyledNavLink asChild active={item.key === activeKey} onSelect={() => choose(item)}>
        {element}
      </StyledNavLink>
    );
  };

  return (
    <StyledTopNav ref={ref} {...rest}>
      <StyledMenuToggle>
        <IconButton
          icon={mobileOpen ? <CloseIcon /> : <MenuIcon />}
          aria-label={mobileOpen ? t('topNav.closeMenu') : t('topNav.openMenu')}
          aria-expanded={mobileOpen}
          aria-controls={navId}
          onClick={() => setMobileOpen(!mobileOpen)}
        />
      </StyledMenuToggle>
      {brand !== undefined ? <StyledBrand>{brand}</StyledBrand> : null}
      <StyledNavRoot
        id={navId}
        aria-label={t('topNav.label')}
        data-mobile-open={mobileOpen ? '' : undefined}
        value={openItem}
        onValueChange={setOpenItem}
      >
        <StyledNavList ref={listRef}>
          {items.map((item) =>
            item.children && item.children.length > 0 ? (
              <StyledNavItem key={item.key} value={item.key}>
                <StyledNavTrigger
                  data-active={item.children.some((c) => c.key === activeKey) ? '' : undefined}
                  onPointerMove={mobileOpen ? noHover : undefined}
                  onPointerLeave={mobileOpen ? noHover : undefined}
                >
                  {item.icon !== undefined ? <StyledIcon aria-hidden="true">{item.icon}</StyledIcon> : null}
                  <span>{item.label}</span>
                  <ChevronDownIcon data-part="chevron" aria-hidden="true" />
                </StyledNavTrigger>
                <StyledNavContent>
                  <StyledSubList>
                    {item.children.map((child) => (
                      <li key={child.key}>{renderEntry(child)}</li>
                    ))}
                  </StyledSubList>
                </StyledNavContent>
              </StyledNavItem>
            ) : (
              <StyledNavItem key={item.key}>{renderEntry(item)}</StyledNavItem>
            ),
          )}
        </StyledNavList>
      </StyledNavRoot>
      {end !== undefined ? <StyledEnd>{end}</StyledEnd> : null}
    </StyledTopNav>
  );
});
