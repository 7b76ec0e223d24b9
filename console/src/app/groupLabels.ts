// UserUsableGroups ships with Chinese labels (默认分组, vip分组, as new-api). While an admin has not
// renamed them they are the product's words, not user data: the console shows them in the reader's
// language. A label the admin wrote is shown as written.
import type { GroupOption, Locale, SluiceClient } from '@sluice/ui-kit';
import { consoleEn, consoleZhCN } from '../i18n/catalogue';

const FACTORY = consoleZhCN.shell.groupNames as Record<string, string>;
const NAMES: Record<Locale, Record<string, string>> = { 'zh-CN': FACTORY, en: consoleEn.shell.groupNames as Record<string, string> };

/** The label of a group in `locale` when `label` is the factory one. */
export function groupLabel(group: string, label: string, locale: Locale): string {
  return FACTORY[group] === label ? (NAMES[locale][group] ?? label) : label;
}

/** The kit client with group labels in the reader's language (selects of the widgets, pricing). */
export function withGroupLabels(client: SluiceClient, locale: Locale): SluiceClient {
  if (locale === 'zh-CN') return client;
  const relabel = (g: GroupOption): GroupOption => ({ ...g, label: groupLabel(g.value, g.label, locale) });
  return {
    ...client,
    // The widgets' swr caches are keyed by scope: labels of one language never show in the other.
    scope: `${client.scope}|${locale}`,
    getGroups: async () => (await client.getGroups()).map(relabel),
    getPricing: async () => {
      const pricing = await client.getPricing();
      return { ...pricing, usableGroup: Object.fromEntries(Object.entries(pricing.usableGroup).map(([g, label]) => [g, groupLabel(g, label, locale)])) };
    },
  };
}
