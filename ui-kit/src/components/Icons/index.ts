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
} from './Icons';
export type { IconProps } from './Icons';
