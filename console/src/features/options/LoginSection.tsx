import { useState } from 'react';
import { Button, Dialog, DialogClose, FormGrid, Stack, useT } from '@sluice/ui-kit';
import { OptionInput, OptionSwitch } from './fields';
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
      <Stack gap={3}>
        <OptionSwitch opt={opt} name="PasswordLoginEnabled" />
        <OptionSwitch opt={opt} name="PasswordRegisterEnabled" />
        <OptionSwitch opt={opt} name="RegisterEnabled" />
        <OptionSwitch opt={opt} name="EmailVerificationEnabled" />
        <OptionSwitch opt={opt} name="EmailDomainRestrictionEnabled" />
        <OptionSwitch opt={opt} name="EmailAliasRestrictionEnabled" />
      </Stack>
      <FormGrid columns={1}>
        <OptionInput opt={opt} name="EmailDomainWhitelist" hint={t('console.options.hints.EmailDomainWhitelist')} />
      </FormGrid>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.options.loginOff.title')}
        description={t('console.options.loginOff.body')}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary">{t('console.options.common.cancel')}</Button>
            </DialogClose>
            <Button
              variant="primary"
              tone="danger"
              onClick={() => {
                setConfirming(false);
                void opt.save();
              }}
            >
              {t('console.options.loginOff.confirm')}
            </Button>
          </>
        }
      />
    </OptionSection>
  );
}
