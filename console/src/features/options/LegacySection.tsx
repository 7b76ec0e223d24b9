import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionNumber, OptionSwitches } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: [
    'SelfUseModeEnabled',
    'DemoSiteEnabled',
    'TrustBypassEnabled',
    'AllowPrivateUpstreamEnabled',
    'ModelRequestRateLimitEnabled',
    'ModelRequestRateLimitDurationMinutes',
    'ModelRequestRateLimitCount',
    'ModelRequestRateLimitSuccessCount',
  ],
} as const;

/** The legacy system form: run modes, per-user model request limits, upstream access. */
export function LegacySection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.legacy.title')} description={t('console.options.sections.legacy.description')}>
      <OptionSwitches opt={opt} names={['SelfUseModeEnabled', 'DemoSiteEnabled', 'TrustBypassEnabled', 'AllowPrivateUpstreamEnabled', 'ModelRequestRateLimitEnabled']} />
      <FormGrid columns={3}>
        <OptionNumber opt={opt} name="ModelRequestRateLimitDurationMinutes" min={1} max={1440} precision={0} />
        <OptionNumber opt={opt} name="ModelRequestRateLimitCount" min={0} precision={0} />
        <OptionNumber opt={opt} name="ModelRequestRateLimitSuccessCount" min={0} precision={0} />
      </FormGrid>
    </OptionSection>
  );
}
