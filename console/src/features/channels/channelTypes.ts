import type { Locale } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';

// The channel type catalogue is the server's (GET /api/channel/types, server/src/catalogue/): the
// console holds no list of types, labels, key hints or type-specific fields of its own.

/** A text in both console languages. */
export interface CatalogueText {
  zh: string;
  en: string;
}

export interface ChannelTypeField {
  name: 'base_url' | 'other' | 'openai_organization';
  label: CatalogueText;
  placeholder?: CatalogueText;
  hint?: CatalogueText;
  input: 'line' | 'multiline';
  default?: string;
  template?: string;
}

/** One type as GET /api/channel/types answers it. */
export interface ChannelType {
  id: number;
  label: CatalogueText;
  default_base_url: string;
  lists_models: boolean;
  reports_balance: boolean;
  default_models: string[];
  fixed_models: boolean;
  key_format: 'line' | 'json';
  key_hint: CatalogueText | null;
  warning: CatalogueText | null;
  fields: ChannelTypeField[];
  /** 'planned': stored, but the relay does not serve it yet (answers 501). */
  relay: 'adaptor' | 'task' | 'planned' | 'openai_compatible';
}

export function textIn(text: CatalogueText, locale: Locale): string {
  return locale === 'en' ? text.en : text.zh;
}

/** The catalogue, and the label of a type id in the console's language. */
export function useChannelTypes() {
  const { t, locale } = useT();
  const { data } = useApiData<ChannelType[]>(keys.channelTypes());
  const types = data;
  const byId = new Map((types ?? []).map((e) => [e.id, e]));
  const labelOf = (id: number) => {
    const entry = byId.get(id);
    return entry ? textIn(entry.label, locale) : t('console.channels.types.unknown');
  };
  return { types, typeOf: (id: number) => byId.get(id), labelOf, locale };
}

/** A field of the type, if it has one by that name. */
export function fieldOf(type: ChannelType | undefined, name: ChannelTypeField['name']): ChannelTypeField | undefined {
  return type?.fields.find((f) => f.name === name);
}
