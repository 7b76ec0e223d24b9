// The console's catalogue: one file per area, so the areas are written side by side without
// touching each other. Registered into the kit's i18n instance under the 'console' section (./index.ts).
import { shellEn, shellZhCN } from './shell';
import { authEn, authZhCN } from './auth';
import { personalEn, personalZhCN } from './personal';
import { usersEn, usersZhCN } from './users';
import { optionsEn, optionsZhCN } from './options';
import { vendorsEn, vendorsZhCN } from './vendors';
import { channelsEn, channelsZhCN } from './channels';
import { tokensEn, tokensZhCN } from './tokens';
import { redemptionsEn, redemptionsZhCN } from './redemptions';
import { walletEn, walletZhCN } from './wallet';
import { logsEn, logsZhCN } from './logs';
import { dashboardEn, dashboardZhCN } from './dashboard';
import { pagesEn, pagesZhCN } from './pages';
import { tasksEn, tasksZhCN } from './tasks';
import { paymentsEn, paymentsZhCN } from './payments';
import { auditEn, auditZhCN } from './audit';
import { limitsEn, limitsZhCN } from './limits';

export const consoleZhCN = {
  shell: shellZhCN,
  auth: authZhCN,
  personal: personalZhCN,
  users: usersZhCN,
  options: optionsZhCN,
  vendors: vendorsZhCN,
  channels: channelsZhCN,
  tokens: tokensZhCN,
  redemptions: redemptionsZhCN,
  wallet: walletZhCN,
  logs: logsZhCN,
  dashboard: dashboardZhCN,
  pages: pagesZhCN,
  tasks: tasksZhCN,
  payments: paymentsZhCN,
  audit: auditZhCN,
  limits: limitsZhCN,
};

export const consoleEn = {
  shell: shellEn,
  auth: authEn,
  personal: personalEn,
  users: usersEn,
  options: optionsEn,
  vendors: vendorsEn,
  channels: channelsEn,
  tokens: tokensEn,
  redemptions: redemptionsEn,
  wallet: walletEn,
  logs: logsEn,
  dashboard: dashboardEn,
  pages: pagesEn,
  tasks: tasksEn,
  payments: paymentsEn,
  audit: auditEn,
  limits: limitsEn,
};
