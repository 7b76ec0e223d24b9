import styled, { css } from 'styled-components';
import { NavigationMenu } from 'radix-ui';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';

/** Below this width the items collapse behind a menu button. */
const narrow = ({ theme }: { theme: unknown }) => `(max-width: ${resolveTheme(theme).breakpoints.md})`;

export const StyledTopNav = styled.header`
  position: sticky;
  top: 0;
  z-index: ${th((t) => t.zIndices.sticky)};
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[4])};
  min-height: calc(${th((t) => t.sizes.control.lg)} + 2 * ${th((t) => t.space[2])});
  padding: ${th((t) => t.space[2])} ${th((t) => t.space[4])};
  border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  background: ${th((t) => t.colors.bgElevated)};
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledBrand = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  font-size: ${th((t) => t.fontSizes.lg)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
  /* A brand wrapped in a link keeps the text colour (the browser's link blue fails contrast in dark). */
  & a {
    color: inherit;
    text-decoration: none;
  }
`;

export const StyledMenuToggle = styled.div`
  display: none;
  @media ${narrow} {
    display: block;
    order: -1;
  }
`;

export const StyledNavRoot = styled(NavigationMenu.Root)`
  flex: 1;
  min-width: 0;

  @media ${narrow} {
    position: absolute;
    top: 100%;
    right: 0;
    left: 0;
    display: none;
    padding: ${th((t) => t.space[2])};
    border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
    background: ${th((t) => t.colors.bgElevated)};
    box-shadow: ${th((t) => t.shadows.md)};

    &[data-mobile-open] {
      display: block;
    }
  }
`;

export const StyledNavList = styled(NavigationMenu.List)`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[1])};
  margin: 0;
  padding: 0;
  list-style: none;

  @media ${narrow} {
    flex-direction: column;
    align-items: stretch;
  }
`;

export const StyledNavItem = styled(NavigationMenu.Item)`
  position: relative;
`;

const navEntry = css`
  display: inline-flex;
  align-items: center;
  gap: ${th((t) => t.space[1.5])};
  height: ${th((t) => t.sizes.control.md)};
  margin: 0;
  padding: 0 ${th((t) => t.space[3])};
  border: 0;
  border-radius: ${th((t) => t.radii.md)};
  background: ${th((t) => t.colors.transparent)};
  color: ${th((t) => t.colors.textSecondary)};
  font: inherit;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)},
    color ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};

  &:hover {
    background: ${th((t) => t.colors.bgHover)};
    color: ${th((t) => t.colors.text)};
  }
  &[data-active] {
    background: ${th((t) => t.colors.primarySubtle)};
    color: ${th((t) => t.colors.primary)};
    font-weight: ${th((t) => t.fontWeights.medium)};
  }
  ${focusVisible}

  @media ${narrow} {
    width: 100%;
    justify-content: flex-start;
  }
`;

export const StyledNavLink = styled(NavigationMenu.Link)`
  ${navEntry}
`;

export const StyledNavTrigger = styled(NavigationMenu.Trigger)`
  ${navEntry}

  & > [data-part='chevron'] {
    transition: transform ${th((t) => t.motion.fast)} ${th((t) => t.motion.easing)};
  }
  &[data-state='open'] > [data-part='chevron'] {
    transform: rotate(180deg);
  }
`;

export const StyledNavContent = styled(NavigationMenu.Content)`
  position: absolute;
  top: calc(100% + ${th((t) => t.space[1])});
  left: 0;
  z-index: ${th((t) => t.zIndices.dropdown)};
  min-width: ${th((t) => t.sizes.menuMin)};
  padding: ${th((t) => t.space[1])};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
  background: ${th((t) => t.colors.bgElevated)};
  box-shadow: ${th((t) => t.shadows.lg)};

  @media ${narrow} {
    position: static;
    margin-inline-start: ${th((t) => t.space[4])};
    border: 0;
    box-shadow: none;
  }
`;

export const StyledSubList = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[0.5])};
  margin: 0;
  padding: 0;
  list-style: none;

  & ${StyledNavLink} {
    width: 100%;
    justify-content: flex-start;
  }
`;

export const StyledEnd = styled.div`
  display: flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  margin-inline-start: auto;
`;

export const StyledIcon = styled.span`
  display: inline-flex;
  font-size: ${th((t) => t.sizes.icon.md)};
`;
