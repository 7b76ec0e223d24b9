import { useState } from 'react';
import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionSwitches } from './fields';
import { OptionConfirm } from './OptionConfirm';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: [
    'PasswordLoginEnabled',
    'PasswordRegisterEnabled',
    'RegisterEnabled',
    'EmailVerificationEnabled',
    'EmailDomainRestrictionEnabled',
    'EmailAliasRestrictionEnabled',
    'EmailDomainWhitelist',
  ],
} as const;

/** Login and registration methods; turning password login off asks first (spec §4). */
export function LoginSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  const [confirming, setConfirming] = useState(false);
  const onSave = () => {
    if (opt.changes().get('PasswordLoginEnabled') === 'false') setConfirming(true);
    else return opt.save();
  };
  return (
    <OptionSection opt={opt} onSave={onSave} title={t('console.options.sections.login.title')} description={t('console.options.sections.login.description')}>
      <OptionSwitches opt={opt} names={['PasswordLoginEnabled', 'PasswordRegisterEnabled', 'RegisterEnabled', 'EmailVerificationEnabled', 'EmailDomainRestrictionEnabled', 'EmailAliasRestrictionEnabled']} />
      <FormGrid columns={1}>
        <OptionInput opt={opt} name="EmailDomainWhitelist" hint={t('console.options.hints.EmailDomainWhitelist')} />
      </FormGrid>
      <OptionConfirm
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.options.loginOff.title')}
        description={t('console.options.loginOff.body')}
        confirmText={t('console.options.loginOff.confirm')}
        onConfirm={() => {
          setConfirming(false);
          void opt.save();
        }}
      />
    </OptionSection>
  );
}
