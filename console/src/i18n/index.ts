// The console's strings: one file per area (./<area>.ts, zh-CN first, English typed against it),
// gathered in ./catalogue.ts and added to the kit's i18n instance under the 'console' section, so
// the console reads its own strings and the kit's widget strings with one t():
// t('console.tokens.title'), t('common.ok'). The published kit carries only its widgets' strings.
import {
  addKitMessages,
  useT as useKitT,
  type Locale,
  type MessageKey as KitMessageKey,
  type TranslateValues,
} from '@sluice/ui-kit';
import { consoleEn, consoleZhCN } from './catalogue';

addKitMessages({ 'zh-CN': { console: consoleZhCN }, en: { console: consoleEn } });

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** Every key the console may read: the kit's own and its 'console.<area>.<key>' strings. */
export type MessageKey = KitMessageKey | `console.${Leaves<typeof consoleZhCN>}`;

/** The typed translate function handed out by useT(). */
export type Translate = (key: MessageKey, values?: TranslateValues) => string;

export interface UseTResult {
  t: Translate;
  locale: Locale;
}

/** The kit's useT(), typed with the console's keys as well. */
export function useT(): UseTResult {
  return useKitT() as unknown as UseTResult;
}
