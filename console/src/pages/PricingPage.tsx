// Model list and prices (spec §2.11): the kit's PricingTable, priced for the signed-in user's
// group (the default group for visitors), with the status object's exchange rate. The spec's tags
// are stored by their Chinese names; they are shown in the reader's language.
import { useCallback } from 'react';
import { ConnectedPricingTable, PageContainer } from '@sluice/ui-kit';
import { useSession } from '../app/session';
import { useT } from '../i18n';
import { SPEC_TAGS, type SpecTag } from '../features/vendors/vendorConfig';

const TAG_KEYS = new Map<string, SpecTag>(Object.entries(SPEC_TAGS).map(([key, stored]) => [stored, key as SpecTag]));

export function PricingPage() {
  const { client, user } = useSession();
  const { t } = useT();
  const tagLabel = useCallback((tag: string) => {
    const key = TAG_KEYS.get(tag);
    return key ? t(`console.vendors.tags.${key}`) : tag;
  }, [t]);
  // The table's own card carries the title (模型列表).
  return (
    <PageContainer width="full">
      <ConnectedPricingTable client={client} tagLabel={tagLabel} {...(user?.group ? { defaultGroup: user.group } : {})} />
    </PageContainer>
  );
}
