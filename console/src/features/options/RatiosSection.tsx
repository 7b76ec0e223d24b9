import { useState } from 'react';
import { Button, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { OptionJson } from './fields';
import { OptionConfirm } from './OptionConfirm';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = {
  keys: ['ModelPrice', 'ModelRatio', 'CompletionRatio'],
  json: ['ModelPrice', 'ModelRatio', 'CompletionRatio'],
} as const;

/** Fixed prices, model ratios and completion ratios as JSON, plus the model-ratio reset. */
export function RatiosSection() {
  const { t } = useT();
  const { call } = useApi();
  const opt = useOptionForm(CONFIG);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);

  const reset = async () => {
    setConfirming(false);
    setResetting(true);
    try {
      const res = await call('POST', '/api/option/rest_model_ratio');
      if (res) {
        toast.success(res.message || t('console.options.common.saved'));
        await opt.reload(['ModelRatio']);
      }
    } finally {
      setResetting(false);
    }
  };

  return (
    <OptionSection
      opt={opt}
      title={t('console.options.sections.ratios.title')}
      description={t('console.options.sections.ratios.description')}
      actions={
        <Button variant="outline" tone="danger" loading={resetting} onClick={() => setConfirming(true)}>
          {t('console.options.ratios.reset')}
        </Button>
      }
    >
      <OptionJson opt={opt} name="ModelPrice" hint={t('console.options.hints.ModelPrice')} />
      <OptionJson opt={opt} name="ModelRatio" hint={t('console.options.hints.ModelRatio')} />
      <OptionJson opt={opt} name="CompletionRatio" hint={t('console.options.hints.CompletionRatio')} />
      <OptionConfirm
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.options.ratios.resetTitle')}
        description={t('console.options.ratios.resetBody')}
        onConfirm={() => void reset()}
      />
    </OptionSection>
  );
}
