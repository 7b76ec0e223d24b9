import { Button, CopyButton, Dialog, DialogClose, Markdown, Stack } from '@sluice/ui-kit';
import { useT } from '../../i18n';

/** What a row's click opens: a long text (prompt, failure reason) or the whole record. */
export type TaskDialogState = { kind: 'text'; title: string; text: string } | { kind: 'json'; record: object } | null;

/** Stored JSON text fields (data, properties, buttons) shown as JSON, not as one escaped string. */
function expandJsonText(record: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) {
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v) as unknown;
        continue;
      } catch {
        // not JSON after all: kept as text
      }
    }
    out[k] = v;
  }
  return out;
}

/** A fenced block whose fence is longer than any backtick run inside, so the text cannot close it. */
export function jsonFence(json: string): string {
  const longest = Math.max(2, ...Array.from(json.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}json\n${json}\n${fence}`;
}

export function TaskDialog({ state, onClose }: { state: TaskDialogState; onClose: () => void }) {
  const { t } = useT();
  if (state === null) return null;
  const close = (
    <DialogClose asChild>
      <Button>{t('common.close')}</Button>
    </DialogClose>
  );
  if (state.kind === 'text') {
    return (
      <Dialog open title={state.title} onOpenChange={(open) => !open && onClose()} footer={close}>
        {state.text}
      </Dialog>
    );
  }
  const json = JSON.stringify(expandJsonText(state.record), null, 2);
  return (
    <Dialog
      open
      size="lg"
      title={t('console.tasks.common.jsonTitle')}
      onOpenChange={(open) => !open && onClose()}
      footer={
        <Stack direction="row" gap={2} justify="end" wrap>
          <CopyButton text={json}>{t('console.tasks.common.copyJson')}</CopyButton>
          {close}
        </Stack>
      }
    >
      <Markdown size="sm">{jsonFence(json)}</Markdown>
    </Dialog>
  );
}
