// Every route of the console, lazy-loaded (one chunk each). `access` is what the guard checks:
// 'public' for everyone, 'user' needs a stored user (else /login), 'admin' needs role >= 10
// (else the not-found page). Append a line per screen; the shell's navigation is in app/nav.ts.
// Page widths: every table or data screen (lists, logs, dashboard, pricing, playground, frames) is
// PageContainer width "full"; forms and reading screens (home, settings, wallet) "default"; about
// and not-found "narrow".
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type Access = 'public' | 'user' | 'admin';

export interface RouteEntry {
  path: string;
  access: Access;
  /** Rendered without the shell's navigation (the OAuth callbacks). */
  bare?: boolean;
  Page: LazyExoticComponent<ComponentType>;
}

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

export const routes: RouteEntry[] = [
  // accounts (console part 1)
  { path: '/', access: 'public', Page: page(() => import('./pages/HomePage'), 'HomePage') },
  { path: '/about', access: 'public', Page: page(() => import('./pages/AboutPage'), 'AboutPage') },
  { path: '/login', access: 'public', Page: page(() => import('./pages/LoginPage'), 'LoginPage') },
  { path: '/register', access: 'public', Page: page(() => import('./pages/RegisterPage'), 'RegisterPage') },
  { path: '/reset', access: 'public', Page: page(() => import('./pages/ResetRequestPage'), 'ResetRequestPage') },
  { path: '/user/reset', access: 'public', Page: page(() => import('./pages/ResetConfirmPage'), 'ResetConfirmPage') },
  { path: '/oauth/github', access: 'public', bare: true, Page: page(() => import('./pages/OAuthCallbackPage'), 'GitHubCallbackPage') },
  { path: '/oauth/linuxdo', access: 'public', bare: true, Page: page(() => import('./pages/OAuthCallbackPage'), 'LinuxDoCallbackPage') },
  { path: '/oauth/telegram', access: 'public', bare: true, Page: page(() => import('./pages/TelegramCallbackPage'), 'TelegramCallbackPage') },
  { path: '/setting', access: 'user', Page: page(() => import('./pages/SettingsPage'), 'SettingsPage') },
  { path: '/user', access: 'admin', Page: page(() => import('./pages/UsersPage'), 'UsersPage') },
  // Spec routes: /user/edit/{id} opens that user's edit dialog over the list; /user/edit is one's own profile.
  { path: '/user/edit/:id', access: 'admin', Page: page(() => import('./pages/UsersPage'), 'UsersPage') },
  { path: '/user/edit', access: 'user', Page: page(() => import('./pages/UsersPage'), 'OwnProfileRedirect') },
  // operations (console part 2)
  { path: '/channel', access: 'admin', Page: page(() => import('./pages/ChannelsPage'), 'ChannelsPage') },
  { path: '/channel/add', access: 'admin', Page: page(() => import('./pages/ChannelsPage'), 'ChannelsPage') },
  { path: '/channel/edit/:id', access: 'admin', Page: page(() => import('./pages/ChannelsPage'), 'ChannelsPage') },
  { path: '/token', access: 'user', Page: page(() => import('./pages/TokensPage'), 'TokensPage') },
  { path: '/redemption', access: 'admin', Page: page(() => import('./pages/RedemptionsPage'), 'RedemptionsPage') },
  { path: '/topup', access: 'user', Page: page(() => import('./pages/TopUpPage'), 'TopUpPage') },
  { path: '/log', access: 'user', Page: page(() => import('./pages/LogsPage'), 'LogsPage') },
  { path: '/detail', access: 'user', Page: page(() => import('./pages/DashboardPage'), 'DashboardPage') },
  { path: '/pricing', access: 'public', Page: page(() => import('./pages/PricingPage'), 'PricingPage') },
  { path: '/playground', access: 'user', Page: page(() => import('./pages/PlaygroundPage'), 'PlaygroundPage') },
  { path: '/chat', access: 'public', Page: page(() => import('./pages/ChatPage'), 'ChatPage') },
  { path: '/monitor', access: 'public', Page: page(() => import('./pages/MonitorPage'), 'MonitorPage') },
  { path: '/midjourney', access: 'user', Page: page(() => import('./pages/MidjourneyPage'), 'MidjourneyPage') },
  { path: '/task', access: 'user', Page: page(() => import('./pages/TaskPage'), 'TaskPage') },
  // operations surface (issue 25)
  { path: '/perf', access: 'admin', Page: page(() => import('./pages/PerfPage'), 'PerfPage') },
  // operations (issue 25)
  { path: '/audit', access: 'admin', Page: page(() => import('./pages/AuditPage'), 'AuditPage') },
];

export const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');
