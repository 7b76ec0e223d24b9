import { useState } from 'react';
import { Button, DateTimePicker, FormActions, FormField, FormGrid, Stack, toast } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { useApi } from '../../api/useApi';
import { OptionSwitch } from './fields';
import { OptionConfirm } from './OptionConfirm';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const CONFIG = { keys: ['LogConsumeEnabled'] } as const;

function monthAgo(): Date {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  d.setSeconds(0, 0);
  return d;
}

/** Clean logs older than a date (default one month ago), reporting how many went (spec §7). */
function LogCleaner() {
  const { t, locale } = useT();
  const { call } = useApi();
  const [before, setBefore] = useState<Date | null>(monthAgo);
  const [confirming, setConfirming] = useState(false);
  const [cleaning, setCleaning] = useState(false);

  const ask = () => {
    if (!before) {
      toast.error(t('console.options.logs.selectTime'));
      return;
    }
    setConfirming(true);
  };
  const clean = async () => {
    if (!before) return;
    setConfirming(false);
    setCleaning(true);
    try {
      const res = await call<number>('DELETE', `/api/log/?target_timestamp=${Math.floor(before.getTime() / 1000)}`);
      if (res) toast.success(t('console.options.logs.cleaned', { count: Number(res.data ?? 0) }));
    } finally {
      setCleaning(false);
    }
  };

  return (
    <Stack gap={3}>
      <FormGrid columns={2}>
        <FormField label={t('console.options.logs.cleanBefore')}>
          <DateTimePicker value={before} onValueChange={setBefore} clearable label={t('console.options.logs.cleanBefore')} />
        </FormField>
      </FormGrid>
      <FormActions>
        <Button variant="outline" tone="danger" loading={cleaning} onClick={ask}>
          {t('console.options.logs.cleanButton')}
        </Button>
      </FormActions>
      <OptionConfirm
        open={confirming}
        onOpenChange={setConfirming}
        title={t('console.options.logs.confirmTitle', { time: before ? before.toLocaleString(locale) : '' })}
        description={t('console.options.logs.confirmBody')}
        onConfirm={() => void clean()}
      />
    </Stack>
  );
}

export function LogsSection() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.logs.title')} description={t('console.options.sections.logs.description')} after={<LogCleaner />}>
      <OptionSwitch opt={opt} name="LogConsumeEnabled" />
    </OptionSection>
  );
}
