// Third-party login credentials, one section per provider, with the callback addresses to register.
import { FormGrid, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionNumber, OptionSwitch } from './fields';
import { OptionSection } from './OptionSection';
import type { OptionMap } from './optionsScope';
import { useOptionForm } from './useOptionForm';

function useServerAddress(stored: OptionMap): string {
  const { t } = useT();
  return stored.ServerAddress || t('console.options.common.serverAddressUnset');
}

const GITHUB = { keys: ['GitHubOAuthEnabled', 'GitHubClientId', 'GitHubClientSecret'], secrets: ['GitHubClientSecret'] } as const;

export function GitHubSection() {
  const { t } = useT();
  const opt = useOptionForm(GITHUB);
  const address = useServerAddress(opt.stored);
  return (
    <OptionSection
      opt={opt}
      title={t('console.options.sections.github.title')}
      description={t('console.options.sections.github.description')}
    >
      <OptionSwitch opt={opt} name="GitHubOAuthEnabled" />
      <FormGrid columns={2}>
        <OptionInput
          opt={opt}
          name="GitHubClientId"
          hint={`${t('console.options.hints.githubHomepage', { address })}; ${t('console.options.hints.githubCallback', { address })}`}
        />
        <OptionInput opt={opt} name="GitHubClientSecret" secret />
      </FormGrid>
    </OptionSection>
  );
}

const LINUXDO = {
  keys: ['LinuxDOOAuthEnabled', 'LinuxDOClientId', 'LinuxDOClientSecret', 'LinuxDoMinLevel'],
  secrets: ['LinuxDOClientSecret'],
} as const;

export function LinuxDoSection() {
  const { t } = useT();
  const opt = useOptionForm(LINUXDO);
  const address = useServerAddress(opt.stored);
  return (
    <OptionSection
      opt={opt}
      title={t('console.options.sections.linuxdo.title')}
      description={t('console.options.sections.linuxdo.description')}
    >
      <OptionSwitch opt={opt} name="LinuxDOOAuthEnabled" />
      <FormGrid columns={3}>
        <OptionInput opt={opt} name="LinuxDOClientId" hint={t('console.options.hints.linuxdoCallback', { address })} />
        <OptionInput opt={opt} name="LinuxDOClientSecret" secret />
        <OptionNumber opt={opt} name="LinuxDoMinLevel" min={0} max={4} precision={0} hint={t('console.options.hints.LinuxDoMinLevel')} />
      </FormGrid>
    </OptionSection>
  );
}

const WECHAT = {
  keys: ['WeChatAuthEnabled', 'WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL'],
  secrets: ['WeChatServerToken'],
  urls: ['WeChatServerAddress'],
} as const;

export function WeChatSection() {
  const { t } = useT();
  const opt = useOptionForm(WECHAT);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.wechat.title')} description={t('console.options.sections.wechat.description')}>
      <OptionSwitch opt={opt} name="WeChatAuthEnabled" />
      <FormGrid columns={3}>
        <OptionInput opt={opt} name="WeChatServerAddress" hint={t('console.options.hints.wechatServer')} />
        <OptionInput opt={opt} name="WeChatServerToken" secret />
        <OptionInput opt={opt} name="WeChatAccountQRCodeImageURL" />
      </FormGrid>
    </OptionSection>
  );
}

const TELEGRAM = { keys: ['TelegramOAuthEnabled', 'TelegramBotToken', 'TelegramBotName'], secrets: ['TelegramBotToken'] } as const;

export function TelegramSection() {
  const { t } = useT();
  const opt = useOptionForm(TELEGRAM);
  const address = useServerAddress(opt.stored);
  return (
    <OptionSection
      opt={opt}
      title={t('console.options.sections.telegram.title')}
      description={t('console.options.sections.telegram.description')}
    >
      <OptionSwitch opt={opt} name="TelegramOAuthEnabled" />
      <FormGrid columns={2}>
        <OptionInput opt={opt} name="TelegramBotToken" secret />
        <OptionInput opt={opt} name="TelegramBotName" hint={t('console.options.hints.telegramDomain', { address })} />
      </FormGrid>
    </OptionSection>
  );
}

/** All four providers. */
export function OAuthSections() {
  return (
    <Stack gap={4}>
      <GitHubSection />
      <LinuxDoSection />
      <WeChatSection />
      <TelegramSection />
    </Stack>
  );
}
