import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionSwitch } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

// The server hides both keys (names ending in Key), so both are write-only here.
const CONFIG = {
  keys: ['TurnstileCheckEnabled', 'TurnstileSiteKey', 'TurnstileSecretKey'],
  secrets: ['TurnstileSiteKey', 'TurnstileSecretKey'],
} as const;

export function TurnstileSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.turnstile.title')} description={t('console.options.sections.turnstile.description')}>
      <OptionSwitch opt={opt} name="TurnstileCheckEnabled" />
      <FormGrid columns={2}>
        <OptionInput opt={opt} name="TurnstileSiteKey" secret />
        <OptionInput opt={opt} name="TurnstileSecretKey" secret />
      </FormGrid>
    </OptionSection>
  );
}
