import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionJson, OptionNumber, OptionSwitch } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['GroupRateLimits', 'ChannelAffinityEnabled', 'ChannelAffinityTTLSeconds'],
  json: ['GroupRateLimits'],
} as const;

/** Group rate limits ({group: {rpm, tpm, concurrency}}, checked by the server with the bad path) and channel affinity. */
export function GroupLimitsSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.limits.title')} description={t('console.limits.description')}>
      <OptionJson opt={opt} name="GroupRateLimits" label={t('console.limits.groupRateLimits')} hint={t('console.limits.groupRateLimitsHint')} />
      <OptionSwitch opt={opt} name="ChannelAffinityEnabled" label={t('console.limits.affinityEnabled')} />
      <FormGrid columns={3}>
        <OptionNumber opt={opt} name="ChannelAffinityTTLSeconds" label={t('console.limits.affinityTtl')} min={1} max={2592000} precision={0} />
      </FormGrid>
    </OptionSection>
  );
}
