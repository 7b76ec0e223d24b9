import type { ApiData, ApiSchema, Locale } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { keys } from '../../api/keys';
import { useApiData } from '../../api/useApi';

// The channel type catalogue is the server's (GET /api/channel/types, server/src/catalogue/): the
// console holds no list of types, labels, key hints or type-specific fields of its own.

/** One type as GET /api/channel/types answers it (the server's documented schema). */
export type ChannelType = ApiSchema<'ChannelType'>;

/** A text in both console languages (a type's label). */
export type CatalogueText = ChannelType['label'];

/** A type-specific field of the channel form. */
export type ChannelTypeField = ChannelType['fields'][number];

export function textIn(text: CatalogueText, locale: Locale): string {
  return locale === 'en' ? text.en : text.zh;
}

/** The catalogue, and the label of a type id in the console's language. */
export function useChannelTypes() {
  const { t, locale } = useT();
  const { data } = useApiData<ApiData<'/api/channel/types', 'get'>>(keys.channelTypes());
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
