import { forwardRef, type HTMLAttributes, type IframeHTMLAttributes, type ReactNode } from 'react';
import { StyledBrand, StyledFooter, StyledFrame, StyledMain, StyledShell } from './AppShell.styles';

export interface AppShellProps extends HTMLAttributes<HTMLDivElement> {
  /** The top navigation. */
  header?: ReactNode;
  /** The page footer (AppFooter). */
  footer?: ReactNode;
  /** Fixed layers: floating buttons, effects. */
  overlay?: ReactNode;
  /** Id of the main region (skip links, focus after navigation). */
  mainId?: string;
}

/** The application frame: header, a main region that fills the screen, footer. */
export const AppShell = forwardRef<HTMLDivElement, AppShellProps>(function AppShell(
  { header, footer, overlay, mainId, children, ...rest },
  ref,
) {
  return (
    <StyledShell ref={ref} {...rest}>
      {header}
      <StyledMain id={mainId} $gutter={overlay !== undefined && overlay !== null}>
        {children}
      </StyledMain>
      {footer}
      {overlay}
    </StyledShell>
  );
});

/** The page footer: a centred, quiet line (custom HTML goes in through SafeHtml). */
export const AppFooter = forwardRef<HTMLElement, HTMLAttributes<HTMLElement>>(function AppFooter(props, ref) {
  return <StyledFooter ref={ref} {...props} />;
});

export interface PageFrameProps extends IframeHTMLAttributes<HTMLIFrameElement> {
  src: string;
  /** Accessible name of the embedded page (required). */
  title: string;
}

/** An external page filling the main region (home page or about set to a URL, chat, monitor). */
export const PageFrame = forwardRef<HTMLIFrameElement, PageFrameProps>(function PageFrame(props, ref) {
  return <StyledFrame ref={ref} referrerPolicy="no-referrer" {...props} />;
});

export interface AppBrandProps extends HTMLAttributes<HTMLSpanElement> {
  /** Logo image URL; omitted when empty. */
  logo?: string;
  /** Product name, rendered as text. */
  name: string;
}

/** Logo and product name for the top navigation. */
export const AppBrand = forwardRef<HTMLSpanElement, AppBrandProps>(function AppBrand({ logo, name, ...rest }, ref) {
  return (
    <StyledBrand ref={ref} {...rest}>
      {logo ? <img src={logo} alt="" /> : null}
      <span>{name}</span>
    </StyledBrand>
  );
});
