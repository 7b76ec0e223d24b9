// The operation tab's small sections: drawing, sensitive words, monitoring, quota, data dashboard.
import { FormGrid } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionInput, OptionNumber, OptionSelect, OptionSwitch, OptionSwitches, OptionText } from './fields';
import { OptionSection } from './OptionSection';
import { useOptionForm } from './useOptionForm';

const DRAWING = {
  keys: ['DrawingEnabled', 'TaskEnabled', 'MjNotifyEnabled', 'MjAccountFilterEnabled', 'MjForwardUrlEnabled', 'MjModeClearEnabled', 'MjActionCheckSuccessEnabled'],
} as const;

export function DrawingSection() {
  const { t } = useT();
  const opt = useOptionForm(DRAWING);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.drawing.title')} description={t('console.options.sections.drawing.description')}>
      <OptionSwitches opt={opt} names={DRAWING.keys} />
    </OptionSection>
  );
}

const SENSITIVE = {
  keys: ['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'CheckSensitiveOnCompletionEnabled', 'StopOnSensitiveEnabled', 'SensitiveWords'],
} as const;

export function SensitiveSection() {
  const { t } = useT();
  const opt = useOptionForm(SENSITIVE);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.sensitive.title')} description={t('console.options.sections.sensitive.description')}>
      <OptionSwitches opt={opt} names={['CheckSensitiveEnabled', 'CheckSensitiveOnPromptEnabled', 'CheckSensitiveOnCompletionEnabled', 'StopOnSensitiveEnabled']} />
      <OptionText opt={opt} name="SensitiveWords" hint={t('console.options.hints.SensitiveWords')} rows={8} />
    </OptionSection>
  );
}

const DASHBOARD = { keys: ['DataExportEnabled', 'DataExportInterval', 'DataExportDefaultTime'] } as const;
/** Where the dashboard screen reads its default granularity (spec §7). */
export const DATA_EXPORT_DEFAULT_TIME_KEY = 'data_export_default_time';

export function DashboardSection() {
  const { t } = useT();
  const opt = useOptionForm(DASHBOARD);
  const onSave = () =>
    opt.save({
      onSaved: (saved) => {
        const granularity = saved.get('DataExportDefaultTime');
        if (granularity !== undefined) localStorage.setItem(DATA_EXPORT_DEFAULT_TIME_KEY, granularity);
      },
    });
  return (
    <OptionSection opt={opt} onSave={onSave} title={t('console.options.sections.dashboard.title')} description={t('console.options.sections.dashboard.description')}>
      <OptionSwitch opt={opt} name="DataExportEnabled" />
      <FormGrid columns={2}>
        <OptionNumber opt={opt} name="DataExportInterval" min={1} max={1440} precision={0} hint={t('console.options.hints.DataExportInterval')} />
        <OptionSelect
          opt={opt}
          name="DataExportDefaultTime"
          hint={t('console.options.hints.DataExportDefaultTime')}
          options={[
            { value: 'hour', label: t('console.options.granularity.hour') },
            { value: 'day', label: t('console.options.granularity.day') },
            { value: 'week', label: t('console.options.granularity.week') },
          ]}
        />
      </FormGrid>
    </OptionSection>
  );
}

const MONITORING = {
  keys: [
    'MonitorLinkEnabled',
    'MonitorLink',
    'ChannelDisableThreshold',
    'AutomaticDisableChannelEnabled',
    'AutomaticEnableChannelEnabled',
    'monitor_setting.auto_test_channel_enabled',
    'monitor_setting.auto_test_channel_minutes',
  ],
  urls: ['MonitorLink'],
} as const;

export function MonitoringSection() {
  const { t } = useT();
  const opt = useOptionForm(MONITORING);
  return (
    <OptionSection opt={opt} title={t('console.options.sections.monitoring.title')} description={t('console.options.sections.monitoring.description')}>
      <OptionSwitches opt={opt} names={['MonitorLinkEnabled', 'AutomaticDisableChannelEnabled', 'AutomaticEnableChannelEnabled', 'monitor_setting.auto_test_channel_enabled']} />
      <FormGrid columns={3}>
        <OptionInput opt={opt} name="MonitorLink" placeholder="https://status.example.com" />
        <OptionNumber opt={opt} name="ChannelDisableThreshold" min={0} hint={t('console.options.hints.ChannelDisableThreshold')} />
        <OptionNumber opt={opt} name="monitor_setting.auto_test_channel_minutes" min={1} precision={0} />
      </FormGrid>
    </OptionSection>
  );
}

const QUOTA = {
  keys: ['QuotaForNewUser', 'PreConsumedQuota', 'QuotaForInviter', 'QuotaForInvitee', 'QuotaRemindThreshold', 'MinQuota', 'MaxQuota', 'BonusPerDay'],
} as const;

export function QuotaSection() {
  const { t } = useT();
  const opt = useOptionForm(QUOTA);
  const hints: Partial<Record<(typeof QUOTA.keys)[number], string>> = {
    PreConsumedQuota: t('console.options.hints.PreConsumedQuota'),
    QuotaForInviter: t('console.options.hints.QuotaForInviter'),
    QuotaForInvitee: t('console.options.hints.QuotaForInvitee'),
    QuotaRemindThreshold: t('console.options.hints.QuotaRemindThreshold'),
  };
  return (
    <OptionSection opt={opt} title={t('console.options.sections.quota.title')} description={t('console.options.sections.quota.description')}>
      <FormGrid columns={3}>
        {QUOTA.keys.map((key) => (
          // Quota amounts: integers from 0, step 1 (spec §5).
          <OptionNumber key={key} opt={opt} name={key} min={0} step={1} precision={0} hint={hints[key]} />
        ))}
      </FormGrid>
    </OptionSection>
  );
}
