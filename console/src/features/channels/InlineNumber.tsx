import { useEffect, useState } from 'react';
import { NumberInput } from '@sluice/ui-kit';

interface Props {
  value: number;
  min: number;
  label: string;
  /** Saves a changed value; resolves false when the server refused it (the old value comes back). */
  onSave: (next: number) => Promise<boolean>;
}

/** A number edited in the table row: saved when it loses focus or on Enter, if it changed. */
export function InlineNumber({ value, min, label, onSave }: Props) {
  const [draft, setDraft] = useState<number | null>(value);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(value), [value]);

  const save = async (next: number | null) => {
    // Empty input is ignored (spec §5); the stored value comes back.
    if (next === null || next === value || saving) {
      if (next === null) setDraft(value);
      return;
    }
    setSaving(true);
    const ok = await onSave(next);
    setSaving(false);
    if (!ok) setDraft(value);
  };

  return (
    <NumberInput
      size="sm"
      controls="hidden"
      min={min}
      precision={0}
      value={draft}
      onValueChange={setDraft}
      aria-label={label}
      disabled={saving}
      onBlur={() => void save(draft)}
      onKeyUp={(e) => {
        if (e.key === 'Enter') void save(draft);
      }}
    />
  );
}
