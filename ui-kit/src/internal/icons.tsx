// The kit's one set of inline line icons (no icon font or package, so embedding stays one
// script): primitives import them from here, and the public `Icons` component re-exports the
// chrome ones (navigation, floating buttons, menus). They size with the font (1em), paint with
// currentColor (so they follow the theme) and are decorative unless given a name. Coordinates
// are SVG viewBox units, not CSS pixels.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** An icon component drawing `shape` (SVG children in a 24 × 24 box). */
function icon(name: string, shape: ReactNode) {
  const Icon = (props: IconProps) => <Svg {...props}>{shape}</Svg>;
  Icon.displayName = name;
  return Icon;
}

export const CloseIcon = icon('CloseIcon', <path d="M18 6 6 18M6 6l12 12" />);
export const CheckIcon = icon('CheckIcon', <path d="M20 6 9 17l-5-5" />);
export const MinusIcon = icon('MinusIcon', <path d="M5 12h14" />);
export const PlusIcon = icon('PlusIcon', <path d="M12 5v14M5 12h14" />);
export const ChevronDownIcon = icon('ChevronDownIcon', <path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = icon('ChevronUpIcon', <path d="m18 15-6-6-6 6" />);
export const ChevronLeftIcon = icon('ChevronLeftIcon', <path d="m15 18-6-6 6-6" />);
export const CalendarIcon = icon('CalendarIcon', <><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M16 3v4M8 3v4M3 10h18" /></>);
export const CopyIcon = icon('CopyIcon', <><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15V5a2 2 0 0 1 2-2h10" /></>);
export const ColumnsIcon = icon('ColumnsIcon', <><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M9 4v16M15 4v16" /></>);
export const ChevronRightIcon = icon('ChevronRightIcon', <path d="m9 18 6-6-6-6" />);
export const SearchIcon = icon('SearchIcon', <><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></>);
export const ClearIcon = icon('ClearIcon', <><circle cx="12" cy="12" r="9" /><path d="m15 9-6 6M9 9l6 6" /></>);
export const EyeIcon = icon('EyeIcon', <><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" /><circle cx="12" cy="12" r="3" /></>);
export const EyeOffIcon = icon('EyeOffIcon', <><path d="M10.7 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.2 3.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" /><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M2 2l20 20" /></>);
export const InfoIcon = icon('InfoIcon', <><circle cx="12" cy="12" r="9" /><path d="M12 16v-5M12 8h.01" /></>);
export const SuccessIcon = icon('SuccessIcon', <><circle cx="12" cy="12" r="9" /><path d="m8 12 3 3 5-6" /></>);
export const WarningIcon = icon('WarningIcon', <><path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" /><path d="M12 9v4M12 17h.01" /></>);
export const ErrorIcon = icon('ErrorIcon', <><circle cx="12" cy="12" r="9" /><path d="M12 8v4M12 16h.01" /></>);
export const MoreIcon = icon('MoreIcon', <><circle cx="5" cy="12" r="1" /><circle cx="12" cy="12" r="1" /><circle cx="19" cy="12" r="1" /></>);
/** Rotating arc for loading states; rotation is applied by the caller's styles. */
export const SpinnerIcon = icon('SpinnerIcon', <path d="M21 12a9 9 0 1 1-6.2-8.6" />);
export const SunIcon = icon('SunIcon', <><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></>);
export const MoonIcon = icon('MoonIcon', <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />);
export const BellIcon = icon('BellIcon', <><path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" /><path d="M13.7 21a2 2 0 0 1-3.4 0" /></>);
export const ContactIcon = icon('ContactIcon', <path d="M21 11.5a8.4 8.4 0 0 1-9 8.4 8.5 8.5 0 0 1-3.8-.9L3 21l1.9-5.2A8.4 8.4 0 0 1 12 3a8.4 8.4 0 0 1 9 8.5z" />);
export const CalendarCheckIcon = icon('CalendarCheckIcon', <><rect x="3" y="4" width="18" height="18" rx="2" /><path d="M16 2v4M8 2v4M3 10h18M9 16l2 2 4-4" /></>);
export const SnowflakeIcon = icon('SnowflakeIcon', <path d="M12 2v20M4.9 6l14.2 12M4.9 18 19.1 6M9 4l3 3 3-3M9 20l3-3 3 3" />);
export const GlobeIcon = icon('GlobeIcon', <><circle cx="12" cy="12" r="10" /><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" /></>);
export const LogoutIcon = icon('LogoutIcon', <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const SettingsIcon = icon('SettingsIcon', <><circle cx="12" cy="12" r="3" /><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" /></>);
export const UserIcon = icon('UserIcon', <><path d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2" /><circle cx="12" cy="7" r="4" /></>);
export const MenuIcon = icon('MenuIcon', <path d="M4 6h16M4 12h16M4 18h16" />);
