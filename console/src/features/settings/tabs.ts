// The settings page's tabs (spec §2 screen 8): personal for everyone, the rest for admins.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const SETTINGS_TABS = ['personal', 'operation', 'system', 'other', 'group', 'model', 'maxapi'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function isSettingsTab(value: string | null): value is SettingsTab {
  return value !== null && (SETTINGS_TABS as readonly string[]).includes(value);
}

const tab = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Each tab is its own chunk, loaded when first opened. */
export const TAB_COMPONENTS: Record<SettingsTab, LazyExoticComponent<ComponentType>> = {
  personal: tab(() => import('../personal/PersonalTab'), 'PersonalTab'),
  operation: tab(() => import('../options/OperationTab'), 'OperationTab'),
  system: tab(() => import('../options/SystemTab'), 'SystemTab'),
  other: tab(() => import('../options/OtherTab'), 'OtherTab'),
  group: tab(() => import('../options/GroupTab'), 'GroupTab'),
  model: tab(() => import('../vendors/VendorsTab'), 'VendorsTab'),
  maxapi: tab(() => import('./AboutProjectTab'), 'AboutProjectTab'),
};
