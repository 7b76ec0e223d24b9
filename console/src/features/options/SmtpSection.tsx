import { useEffect } from 'react';
import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionNumber, OptionSwitch } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled'],
  secrets: ['SMTPToken'],
} as const;

/** E-mail sending. Port 587 by default; 465 forces SSL (spec §5). */
export function SmtpSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  const port = opt.form.watch(opt.field('SMTPPort'));
  const sslForced = port === '465';
  useEffect(() => {
    if (sslForced && opt.form.getValues(opt.field('SMTPSSLEnabled')) !== 'true') {
      opt.form.setValue(opt.field('SMTPSSLEnabled'), 'true');
    }
  }, [sslForced, opt]);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.smtp.title')} description={t('console.options.sections.smtp.description')}>
      <FormGrid columns={3}>
        <OptionInput opt={opt} name="SMTPServer" placeholder="smtp.qq.com" />
        <OptionNumber opt={opt} name="SMTPPort" min={1} max={65535} precision={0} hint={t('console.options.hints.SMTPPort')} />
        <OptionInput opt={opt} name="SMTPAccount" />
        <OptionInput opt={opt} name="SMTPFrom" hint={t('console.options.hints.SMTPFrom')} />
        <OptionInput opt={opt} name="SMTPToken" secret />
      </FormGrid>
      <OptionSwitch opt={opt} name="SMTPSSLEnabled" disabled={sslForced} hint={sslForced ? t('console.options.hints.sslForced') : undefined} />
    </OptionSection>
  );
}
