import { useEffect, useState } from 'react';
import { Button, Card, FormActions, KeyValueEditor, Stack, type KeyValueRow } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { OptionsScope } from './optionsScope';
import { useOptionForm, type OptionForm } from './useOptionForm';
import { GroupLimitsSection } from './GroupLimitsSection';
import { hiddenRows, mapRows, namesToJson, ratiosToJson, hiddenToJson } from './groupRows';

type GroupKey = 'GroupDisplayNames' | 'GroupRatio' | 'HiddenGroups';

const CONFIG = {
  keys: ['GroupDisplayNames', 'GroupRatio', 'HiddenGroups'],
  json: ['GroupDisplayNames', 'GroupRatio', 'HiddenGroups'],
} as const;

interface BlockProps {
  opt: OptionForm<GroupKey>;
  optionKey: GroupKey;
  title: string;
  description: string;
  keyLabel: string;
  valueLabel?: string;
  keyPlaceholder: string;
  valuePlaceholder?: string;
  valueInputMode?: 'text' | 'decimal';
  setLabel: string;
  savedMessage: string;
  failedMessage: string;
  toRows(stored: string): KeyValueRow[];
  toJson(rows: KeyValueRow[]): string;
}

/** One block: rows edited locally, committed only by the block's own button (spec §4). */
function GroupBlock({ opt, optionKey, toRows, toJson, savedMessage, failedMessage, ...text }: BlockProps) {
  const { t } = useT();
  const stored = opt.stored[optionKey];
  const [rows, setRows] = useState<KeyValueRow[]>([]);
  const [busy, setBusy] = useState(false);
  // A new stored value (a load, or this block's save) replaces the rows; another block's save does not.
  useEffect(() => {
    if (stored !== undefined) setRows(toRows(stored));
  }, [stored, toRows]);

  const commit = async () => {
    setBusy(true);
    try {
      await opt.saveValues({ [optionKey]: toJson(rows) }, { messages: { success: savedMessage, failure: failedMessage } });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={text.title} description={text.description} loading={opt.loading}>
      <Stack gap={4}>
        <KeyValueEditor
          rows={rows}
          onRowsChange={setRows}
          keyLabel={text.keyLabel}
          valueLabel={text.valueLabel}
          keyPlaceholder={text.keyPlaceholder}
          valuePlaceholder={text.valuePlaceholder}
          valueInputMode={text.valueInputMode}
          emptyText={t('console.options.groups.empty')}
        />
        <FormActions>
          <Button variant="primary" loading={busy} onClick={() => void commit()}>
            {text.setLabel}
          </Button>
        </FormActions>
      </Stack>
    </Card>
  );
}

function GroupPanel() {
  const { t } = useT();
  const opt = useOptionForm(CONFIG);
  return (
    <Stack gap={4}>
      <GroupBlock
        opt={opt}
        optionKey="GroupDisplayNames"
        title={t('console.options.sections.groupNames.title')}
        description={t('console.options.sections.groupNames.description')}
        keyLabel={t('console.options.groups.group')}
        valueLabel={t('console.options.groups.displayName')}
        keyPlaceholder={t('console.options.groups.groupPlaceholder')}
        valuePlaceholder={t('console.options.groups.namePlaceholder')}
        setLabel={t('console.options.groups.setNames')}
        savedMessage={t('console.options.groups.namesSaved')}
        failedMessage={t('console.options.groups.namesFailed')}
        toRows={mapRows}
        toJson={namesToJson}
      />
      <GroupBlock
        opt={opt}
        optionKey="GroupRatio"
        title={t('console.options.sections.groupRatios.title')}
        description={t('console.options.sections.groupRatios.description')}
        keyLabel={t('console.options.groups.group')}
        valueLabel={t('console.options.groups.ratio')}
        keyPlaceholder={t('console.options.groups.groupPlaceholder')}
        valuePlaceholder={t('console.options.groups.ratioPlaceholder')}
        valueInputMode="decimal"
        setLabel={t('console.options.groups.setRatios')}
        savedMessage={t('console.options.groups.ratiosSaved')}
        failedMessage={t('console.options.groups.ratiosFailed')}
        toRows={mapRows}
        toJson={ratiosToJson}
      />
      <GroupBlock
        opt={opt}
        optionKey="HiddenGroups"
        title={t('console.options.sections.hiddenGroups.title')}
        description={t('console.options.sections.hiddenGroups.description')}
        keyLabel={t('console.options.groups.hiddenGroup')}
        keyPlaceholder={t('console.options.groups.groupPlaceholder')}
        setLabel={t('console.options.groups.setHidden')}
        savedMessage={t('console.options.groups.hiddenSaved')}
        failedMessage={t('console.options.groups.hiddenFailed')}
        toRows={hiddenRows}
        toJson={hiddenToJson}
      />
      <GroupLimitsSection />
    </Stack>
  );
}

/** Admin tab "group": display names, ratios and hidden groups. */
export function GroupTab() {
  return (
    <OptionsScope>
      <GroupPanel />
    </OptionsScope>
  );
}
