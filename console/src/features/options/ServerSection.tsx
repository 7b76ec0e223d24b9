import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['ServerAddress', 'WorkerUrl', 'WorkerValidKey'],
  secrets: ['WorkerValidKey'],
  urls: ['ServerAddress', 'WorkerUrl'],
} as const;

/** The server address (trailing slash removed) and the image-proxy worker. */
export function ServerSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.server.title')} description={t('console.options.sections.server.description')}>
      <FormGrid columns={2}>
        <OptionInput opt={opt} name="ServerAddress" hint={t('console.options.hints.ServerAddress')} />
        <OptionInput opt={opt} name="WorkerUrl" hint={t('console.options.hints.WorkerUrl')} />
        <OptionInput opt={opt} name="WorkerValidKey" secret />
      </FormGrid>
    </OptionSection>
  );
}
