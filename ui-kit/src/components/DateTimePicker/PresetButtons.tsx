// The quick buttons under DateTimePicker and DateTimeRangePicker: each preset sets the value it
// computes at click time, then the caller's free slot.
import type { ReactNode } from 'react';
import { useT } from '../../i18n/I18nProvider';
import { Button } from '../Button/Button';
import { StyledQuickButtons } from './DateTimePicker.styles';

interface Preset<V> {
  label: ReactNode;
  value: () => V;
}

interface Props<V> {
  presets: readonly Preset<V>[] | undefined;
  quickButtons: ReactNode;
  disabled: boolean;
  onPick: (value: V) => void;
}

/** Nothing when there are neither presets nor other quick buttons. */
export function PresetButtons<V>({ presets, quickButtons, disabled, onPick }: Props<V>) {
  const { t } = useT();
  const hasQuick = (presets !== undefined && presets.length > 0) || quickButtons !== undefined;
  if (!hasQuick) return null;
  return (
    <StyledQuickButtons role="group" aria-label={t('dateTimePicker.presets')}>
      {presets?.map((preset, index) => (
        <Button key={index} size="sm" variant="ghost" disabled={disabled} onClick={() => onPick(preset.value())}>
          {preset.label}
        </Button>
      ))}
      {quickButtons}
    </StyledQuickButtons>
  );
}
