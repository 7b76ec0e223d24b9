// Line icons for application chrome (navigation, floating buttons, menus): the kit's one icon
// set (internal/icons) published under this name. They size with the font (1em) and paint with
// currentColor, so they follow the theme; decorative by default.
export {
  BellIcon,
  CalendarCheckIcon,
  ContactIcon,
  GlobeIcon,
  LogoutIcon,
  MoonIcon,
  SettingsIcon,
  SnowflakeIcon,
  SunIcon,
  UserIcon,
  type IconProps,
} from '../../internal/icons';
