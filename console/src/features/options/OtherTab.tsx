import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionText } from './fields';
import { OptionSection } from './OptionSection';
import { OptionsScope } from './optionsScope';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['Notice', 'SystemName', 'Logo', 'Footer', 'About', 'HomePageContent', 'TokenChannelDescription', 'DebugDocument', 'badgeContent', 'badgeColor'],
} as const;

function PersonalizationSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.personalization.title')} description={t('console.options.sections.personalization.description')}>
      <FormGrid columns={2}>
        <OptionInput opt={opt} name="SystemName" />
        <OptionInput opt={opt} name="Logo" hint={t('console.options.hints.Logo')} />
        <OptionInput opt={opt} name="badgeContent" />
        <OptionInput opt={opt} name="badgeColor" hint={t('console.options.hints.badgeColor')} />
      </FormGrid>
      <FormGrid columns={1}>
        <OptionText opt={opt} name="Notice" hint={t('console.options.hints.Notice')} />
        <OptionText opt={opt} name="HomePageContent" hint={t('console.options.hints.HomePageContent')} rows={8} />
        <OptionText opt={opt} name="About" hint={t('console.options.hints.About')} rows={8} />
        <OptionText opt={opt} name="Footer" hint={t('console.options.hints.Footer')} />
        <OptionText opt={opt} name="TokenChannelDescription" />
        <OptionText opt={opt} name="DebugDocument" />
      </FormGrid>
    </OptionSection>
  );
}

/** Admin tab "other": personalization. */
export function OtherTab() {
  return (
    <OptionsScope>
      <PersonalizationSection />
    </OptionsScope>
  );
}
