import { Button, Tag } from '@sluice/ui-kit';
import { useT } from '../../i18n';
import { durationColor, shorten } from './format';

/** Long user text (prompt, failure reason): its start as a link that opens the whole, or "none". */
export function LongText({ text, onOpen }: { text: string; onOpen: () => void }) {
  const { t } = useT();
  if (text.trim() === '') return <>{t('console.tasks.common.none')}</>;
  return (
    <Button variant="link" size="sm" onClick={onOpen}>
      {shorten(text)}
    </Button>
  );
}

/** Time spent as a tag: red over 60 s, else green (spec §9); "-" while unfinished. */
export function DurationTag({ seconds }: { seconds: number | null }) {
  const { t } = useT();
  if (seconds === null) return <>{t('console.tasks.common.notAvailable')}</>;
  return (
    <Tag size="sm" color={durationColor(seconds)}>
      {t('console.tasks.common.seconds', { value: seconds })}
    </Tag>
  );
}

export function ChannelTag({ id }: { id: number | undefined }) {
  return id ? <Tag size="sm">{id}</Tag> : null;
}
