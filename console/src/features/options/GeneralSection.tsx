import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionNumber, OptionSwitches } from './fields';
import { OptionSection } from './OptionSection';
import { chatLinkProblem } from './chatLink';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: [
    'TopUpLink',
    'ChatLink',
    'ChatLink2',
    'DocsLink',
    'QuotaPerUnit',
    'RetryTimes',
    'DisplayInCurrencyEnabled',
    'DisplayTokenStatEnabled',
    'DefaultCollapseSidebar',
    'QQContact',
    'WeChatContact',
  ],
  urls: ['TopUpLink', 'DocsLink'],
} as const;

/** Operation settings: quota unit, links, display, retry, contact. */
export function GeneralSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  // Refused inline before sending: a link the console could not build a frame address from.
  const validateChatLink = (value: string | undefined) => {
    const problem = chatLinkProblem(value ?? '', window.location.origin);
    return problem === null ? true : t(`console.options.validation.chatLink.${problem}`);
  };
  return (
    <OptionSection opt={opt} title={t('console.options.sections.general.title')} description={t('console.options.sections.general.description')}>
      <FormGrid columns={3}>
        <OptionNumber opt={opt} name="QuotaPerUnit" min={1} precision={0} hint={t('console.options.hints.QuotaPerUnit')} />
        <OptionNumber opt={opt} name="RetryTimes" min={0} max={10} precision={0} hint={t('console.options.hints.RetryTimes')} />
        <OptionInput opt={opt} name="TopUpLink" />
        <OptionInput opt={opt} name="ChatLink" hint={t('console.options.hints.ChatLink')} validate={validateChatLink} />
        <OptionInput opt={opt} name="ChatLink2" hint={t('console.options.hints.ChatLink')} validate={validateChatLink} />
        <OptionInput opt={opt} name="DocsLink" />
        <OptionInput opt={opt} name="QQContact" />
        <OptionInput opt={opt} name="WeChatContact" />
      </FormGrid>
      <OptionSwitches opt={opt} names={['DisplayInCurrencyEnabled', 'DisplayTokenStatEnabled', 'DefaultCollapseSidebar']} />
    </OptionSection>
  );
}
