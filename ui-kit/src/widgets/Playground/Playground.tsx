// Chat playground, pure view (spec §2.12, §4, §5): settings and conversation come in as
// props; sending, stopping and clearing go out as callbacks. ConnectedPlayground wires it
// to a SluiceClient.
import { forwardRef, useEffect, useRef, useState, type FormEvent, type HTMLAttributes, type KeyboardEvent } from 'react';
import type { GroupOption } from '../../api/types';
import { Button } from '../../components/Button';
import { confirm, Dialog } from '../../components/Dialog';
import { TextArea } from '../../components/TextArea';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import { isBusy, validateSettings, type ChatMessage, type PlaygroundSettings } from './chat';
import { ChatMessageItem } from './ChatMessageItem';
import { PlaygroundSettingsForm } from './PlaygroundSettingsForm';
import {
  StyledChat,
  StyledChatHeader,
  StyledChatTitle,
  StyledComposer,
  StyledMessages,
  StyledNarrowOnly,
  StyledPlayground,
  StyledSidebar,
} from './Playground.styles';

export interface PlaygroundProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onSubmit'> {
  /** Groups to choose from; none (a relay key fixes the group) hides the field. */
  groups: readonly GroupOption[];
  models: readonly string[];
  loadingModels?: boolean;
  settings: PlaygroundSettings;
  onSettingsChange: (settings: PlaygroundSettings) => void;
  messages: readonly ChatMessage[];
  onSend: (text: string) => void;
  onStop?: () => void;
  onClear: () => void;
}

export const Playground = forwardRef<HTMLDivElement, PlaygroundProps>(function Playground(
  { groups, models, loadingModels, settings, onSettingsChange, messages, onSend, onStop, onClear, ...rest },
  ref,
) {
  const { t } = useT();
  const [draft, setDraft] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const busy = isBusy(messages);
  const last = messages[messages.length - 1];

  // Follow the reply as it grows.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length, last?.content]);

  const submit = () => {
    const text = draft.trim();
    if (text === '' || busy) return;
    const problem = validateSettings(settings, groups.length > 0);
    if (problem) {
      toast.error(t(`playground.${problem}`));
      return;
    }
    onSend(text);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter confirms an IME candidate while composing; it must not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const clear = async () => {
    const ok = await confirm({ title: t('playground.clear'), content: t('playground.clearConfirm'), tone: 'danger' });
    if (!ok) return;
    onClear();
    toast.success(t('playground.cleared'));
  };

  const form = (
    <PlaygroundSettingsForm
      groups={groups}
      models={models}
      loadingModels={loadingModels}
      settings={settings}
      onSettingsChange={onSettingsChange}
    />
  );

  return (
    <StyledPlayground ref={ref} data-state={busy ? 'streaming' : 'idle'} {...rest}>
      <StyledSidebar aria-label={t('playground.settings')}>{form}</StyledSidebar>
      <StyledChat aria-label={t('playground.title')}>
        <StyledChatHeader>
          <StyledChatTitle>{t('playground.title')}</StyledChatTitle>
          <StyledNarrowOnly>
            <Button variant="outline" size="sm" onClick={() => setSettingsOpen(true)}>
              {t('playground.openSettings')}
            </Button>
          </StyledNarrowOnly>
          <Button variant="ghost" tone="danger" size="sm" disabled={messages.length === 0} onClick={() => void clear()}>
            {t('playground.clear')}
          </Button>
        </StyledChatHeader>
        <StyledMessages ref={listRef} aria-label={t('playground.messages')}>
          <ChatMessageItem message={{ role: 'assistant', content: t('playground.welcome'), status: 'complete' }} />
          {messages.map((m) => (
            <ChatMessageItem key={m.id} message={m} />
          ))}
        </StyledMessages>
        <StyledComposer
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextArea
            aria-label={t('playground.inputLabel')}
            placeholder={t('playground.inputPlaceholder')}
            value={draft}
            resize="auto"
            rows={1}
            maxRows={6}
            onValueChange={setDraft}
            onKeyDown={onKeyDown}
          />
          {busy && onStop ? (
            <Button type="button" variant="outline" onClick={onStop}>
              {t('playground.stop')}
            </Button>
          ) : (
            <Button type="submit" disabled={busy || draft.trim() === ''}>
              {t('playground.send')}
            </Button>
          )}
        </StyledComposer>
      </StyledChat>
      <Dialog open={settingsOpen} onOpenChange={setSettingsOpen} title={t('playground.settings')} size="md">
        {form}
      </Dialog>
    </StyledPlayground>
  );
});
