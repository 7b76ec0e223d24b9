// Playground wired to a SluiceClient: groups and models through swr, replies streamed from
// /pg/chat/completions (session) or /v1/chat/completions (relay key), as the client decides.
import { forwardRef, useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { SluiceClient } from '../../api/client';
import { sluiceKeys } from '../../api/keys';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import { defaultSettings, isBusy, restoreMessages, restoreSettings, type PlaygroundSettings } from './chat';
import { Playground, type PlaygroundProps } from './Playground';
import { presetPrompt } from './presets';
import { usePlaygroundChat } from './usePlaygroundChat';

export interface ConnectedPlaygroundProps
  extends Omit<
    PlaygroundProps,
    'groups' | 'models' | 'loadingModels' | 'settings' | 'onSettingsChange' | 'messages' | 'onSend' | 'onStop' | 'onClear'
  > {
  client: SluiceClient;
  /** Starting values; the model defaults to gpt-4o-mini and the prompt to the default preset. */
  initialSettings?: Partial<PlaygroundSettings>;
  /**
   * Keeps the conversation and settings in localStorage under this key, so they survive a reload
   * (finished messages only: a reply still streaming is saved once it ends).
   */
  storageKey?: string;
}

interface StoredPlayground {
  settings: unknown;
  messages: unknown;
}

function readStored(key: string | undefined): StoredPlayground | null {
  if (!key) return null;
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredPlayground) : null;
  } catch {
    return null;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's usual default group, else the first one offered. */
function pickGroup(groups: readonly { value: string }[]): string {
  return groups.some((g) => g.value === 'default') ? 'default' : (groups[0]?.value ?? '');
}

export const ConnectedPlayground = forwardRef<HTMLDivElement, ConnectedPlaygroundProps>(function ConnectedPlayground(
  { client, initialSettings, storageKey, ...rest },
  ref,
) {
  const { t, locale } = useT();
  // Read once: later renders go by state.
  const [stored] = useState(() => readStored(storageKey));
  const [settings, setSettings] = useState<PlaygroundSettings>(() =>
    restoreSettings(stored?.settings, { ...defaultSettings(presetPrompt('default', locale)), ...initialSettings }),
  );

  const groups = useSWR(sluiceKeys.groups(client.scope), () => client.getGroups());
  const groupList = useMemo(() => groups.data ?? [], [groups.data]);
  useEffect(() => {
    if (settings.group === '' && groupList.length > 0) {
      setSettings((s) => (s.group === '' ? { ...s, group: pickGroup(groupList) } : s));
    }
  }, [groupList, settings.group]);

  const models = useSWR(sluiceKeys.models(client.scope, settings.group), () =>
    client.getModels(settings.group || undefined),
  );
  useEffect(() => {
    if (models.error) toast.error(t('playground.loadModelsFailed', { message: errorText(models.error) }));
  }, [models.error, t]);

  const stream = useCallback(
    (request: Parameters<SluiceClient['streamChat']>[0], signal?: AbortSignal) => client.streamChat(request, signal),
    [client],
  );
  const [initialMessages] = useState(() => restoreMessages(stored?.messages));
  const chat = usePlaygroundChat(stream, initialMessages);
  const busy = isBusy(chat.messages);

  useEffect(() => {
    if (!storageKey || busy) return;
    try {
      localStorage.setItem(storageKey, JSON.stringify({ settings, messages: chat.messages }));
    } catch {
      // Storage full or blocked: the conversation simply is not kept.
    }
  }, [storageKey, busy, settings, chat.messages]);

  return (
    <Playground
      ref={ref}
      groups={groupList}
      models={models.data ?? []}
      loadingModels={models.isLoading}
      settings={settings}
      onSettingsChange={setSettings}
      messages={chat.messages}
      onSend={(text) => chat.send(text, settings)}
      onStop={chat.stop}
      onClear={chat.clear}
      {...rest}
    />
  );
});
