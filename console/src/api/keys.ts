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
  users: (p: number, size: number) => `/api/user/${q({ p, size })}`,
  userSearch: (keyword: string, group: string, p: number, size: number) =>
    `/api/user/search${q({ keyword, group, p, size })}`,
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
  channelTypeModels: () => '/api/channel/models',
  channelTestStatus: () => '/api/channel/test/status',
  channelBalanceStatus: () => '/api/channel/update_balance/status',
};

export { q as queryString };
