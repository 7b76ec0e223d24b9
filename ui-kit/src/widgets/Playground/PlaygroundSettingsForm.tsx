// The playground's settings (spec §2.12): group, model, temperature, max tokens, preset
// and system prompt. Rendered in the sidebar and, on narrow screens, in a dialog.
import { useId, useMemo, useState } from 'react';
import type { GroupOption } from '../../api/types';
import { NumberInput } from '../../components/NumberInput';
import { Select, type SelectOption } from '../../components/Select';
import { Slider } from '../../components/Slider';
import { TextArea } from '../../components/TextArea';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import {
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TEMPERATURE_STEP,
  clampTemperature,
  isUnsupportedModel,
  parseMaxTokens,
  type PlaygroundSettings,
} from './chat';
import { PRESET_IDS, isPresetId, presetPrompt, type PresetId } from './presets';
import { StyledField, StyledHint, StyledLabel, StyledSettingsForm } from './Playground.styles';

export interface PlaygroundSettingsFormProps {
  groups: readonly GroupOption[];
  models: readonly string[];
  loadingModels?: boolean;
  settings: PlaygroundSettings;
  onSettingsChange: (settings: PlaygroundSettings) => void;
}

export function PlaygroundSettingsForm({
  groups,
  models,
  loadingModels = false,
  settings,
  onSettingsChange,
}: PlaygroundSettingsFormProps) {
  const { t, locale } = useT();
  const id = useId();
  const [preset, setPreset] = useState<PresetId | null>(null);

  const groupOptions = useMemo<SelectOption[]>(
    () =>
      groups.map((g) => {
        const label = g.ratio === undefined ? g.label : t('playground.groupOption', { label: g.label, ratio: g.ratio });
        return { value: g.value, label, textValue: `${g.value} ${g.label}` };
      }),
    [groups, t],
  );
  const modelOptions = useMemo<SelectOption[]>(() => {
    const names = settings.model && !models.includes(settings.model) ? [settings.model, ...models] : models;
    return names.map((m) => ({ value: m, label: m }));
  }, [models, settings.model]);
  const presetOptions = useMemo<SelectOption[]>(
    () => PRESET_IDS.map((p) => ({ value: p, label: t(`playground.presets.${p}`) })),
    [t],
  );

  const change = (patch: Partial<PlaygroundSettings>) => onSettingsChange({ ...settings, ...patch });

  const chooseModel = (model: string | null) => {
    if (model === null) return;
    // Spec §5: o1 models are refused and the previous model stays selected.
    if (isUnsupportedModel(model)) {
      toast.error(t('playground.unsupportedModel', { model }));
      return;
    }
    change({ model });
  };

  return (
    <StyledSettingsForm>
      {groups.length > 0 && (
        <StyledField>
          <StyledLabel id={`${id}-group`}>{t('playground.group')}</StyledLabel>
          <Select
            aria-labelledby={`${id}-group`}
            options={groupOptions}
            value={settings.group || null}
            placeholder={t('playground.groupPlaceholder')}
            onValueChange={(group) => change({ group: group ?? '' })}
          />
        </StyledField>
      )}
      <StyledField>
        <StyledLabel id={`${id}-model`}>{t('playground.model')}</StyledLabel>
        <Select
          aria-labelledby={`${id}-model`}
          options={modelOptions}
          value={settings.model || null}
          placeholder={t('playground.modelPlaceholder')}
          searchable
          creatable
          loading={loadingModels}
          onValueChange={chooseModel}
        />
      </StyledField>
      <StyledField>
        <StyledLabel id={`${id}-temperature`}>{t('playground.temperature')}</StyledLabel>
        <Slider
          aria-labelledby={`${id}-temperature`}
          min={TEMPERATURE_MIN}
          max={TEMPERATURE_MAX}
          step={TEMPERATURE_STEP}
          value={clampTemperature(settings.temperature)}
          valueDisplay="inline"
          formatValue={(v) => v.toFixed(1)}
          onValueChange={(v) => change({ temperature: clampTemperature(v) })}
        />
      </StyledField>
      <StyledField>
        <StyledLabel htmlFor={`${id}-max`}>{t('playground.maxTokens')}</StyledLabel>
        <NumberInput
          id={`${id}-max`}
          min={0}
          step={1}
          precision={0}
          value={settings.maxTokens}
          onValueChange={(v) => change({ maxTokens: parseMaxTokens(v ?? 0) })}
        />
        <StyledHint>{t('playground.maxTokensHint')}</StyledHint>
      </StyledField>
      <StyledField>
        <StyledLabel id={`${id}-preset`}>{t('playground.preset')}</StyledLabel>
        <Select
          aria-labelledby={`${id}-preset`}
          options={presetOptions}
          value={preset}
          placeholder={t('playground.presetPlaceholder')}
          searchable
          onValueChange={(value) => {
            if (value === null || !isPresetId(value)) return;
            setPreset(value);
            change({ systemPrompt: presetPrompt(value, locale) });
          }}
        />
      </StyledField>
      <StyledField>
        <StyledLabel htmlFor={`${id}-system`}>{t('playground.systemPrompt')}</StyledLabel>
        <TextArea
          id={`${id}-system`}
          value={settings.systemPrompt}
          placeholder={t('playground.systemPromptPlaceholder')}
          resize="auto"
          rows={4}
          maxRows={12}
          onValueChange={(systemPrompt) => change({ systemPrompt })}
        />
      </StyledField>
    </StyledSettingsForm>
  );
}
