// The console's swr keys, all in this one file: a key is the GET path it fetches, so
// `mutate(keys.x())` after a change refetches exactly what a screen shows. Append your area's
// keys in its own section; never rename another area's.
const q = (params: Record<string, string | number | boolean | undefined>): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};

export const keys = {
  // shell
  status: () => '/api/status',
  notice: () => '/api/notice',
  contactInfo: () => '/api/contact-info',
  homePageContent: () => '/api/home_page_content',
  about: () => '/api/about',
  self: () => '/api/user/self',
  signInDates: (month: string) => `/api/user/sign-in-dates${q({ month })}`,
  // users
  // (the server reads the page size from page_size)
  users: (p: number, size: number) => `/api/user/${q({ p, page_size: size })}`,
  userSearch: (keyword: string, group: string, p: number, size: number) =>
    `/api/user/search${q({ keyword, group, p, page_size: size })}`,
  groups: () => '/api/group/',
  // options
  options: () => '/api/option/',
  pricing: () => '/api/pricing',
  channelModels: () => '/api/models',
  // channels
  channels: (p: number, pageSize: number, idSort: boolean) => `/api/channel/${q({ p, page_size: pageSize, id_sort: idSort })}`,
  channelSearch: (keyword: string, group: string, model: string, p: number, pageSize: number, idSort: boolean) =>
    `/api/channel/search${q({ keyword, group, model, p, page_size: pageSize, id_sort: idSort })}`,
  channel: (id: number) => `/api/channel/${id}`,
  channelTypes: () => '/api/channel/types',
  channelTestStatus: () => '/api/channel/test/status',
  channelBalanceStatus: () => '/api/channel/update_balance/status',
  // personal
  affCode: () => '/api/user/aff',
  // logs
  logs: (admin: boolean, params: Record<string, string | number>) => `/api/log/${admin ? '' : 'self/'}${q(params)}`,
  logStat: (admin: boolean, params: Record<string, string | number>) => `/api/log/${admin ? 'stat' : 'self/stat'}${q(params)}`,
  logExport: (id: number) => `/api/log/export/${id}`,
  user: (id: number) => `/api/user/${id}`,
  // dashboard
  quotaData: (admin: boolean, params: Record<string, string | number>) => `/api/data/${admin ? '' : 'self'}${q(params)}`,
  // tasks (drawing logs and async tasks: a plain list per zero-based page)
  mjTasks: (admin: boolean, params: Record<string, string | number>) => `/api/mj/${admin ? '' : 'self/'}${q(params)}`,
  asyncTasks: (admin: boolean, params: Record<string, string | number>) => `/api/task/${admin ? '' : 'self'}${q(params)}`,
  // redemptions (zero-based pages)
  redemptions: (p: number, pageSize: number) => `/api/redemption/${q({ p, page_size: pageSize })}`,
  redemptionSearch: (keyword: string, p: number, pageSize: number) => `/api/redemption/search${q({ keyword, p, page_size: pageSize })}`,
  // wallet
  topUpRecords: () => `/api/log/self/${q({ p: 0, page_size: 5, type: 1 })}`,
  affiliateImage: () => '/api/topup-affiliate/img',
  // payments (online top-up orders)
  topUpSelf: (p: number, pageSize: number) => `/api/user/topup/self${q({ p, page_size: pageSize })}`,
  topUpAll: (params: Record<string, string | number>) => `/api/user/topup${q(params)}`,
  // audit log (admin)
  audit: (params: Record<string, string | number>) => `/api/audit${q(params)}`,
};

export { q as queryString };
