// Playground wired to a SluiceClient: groups and models through swr, replies streamed from
// /pg/chat/completions (session) or /v1/chat/completions (relay key), as the client decides.
import { forwardRef, useCallback, useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { SluiceClient } from '../../api/client';
import { sluiceKeys } from '../../api/keys';
import { toast } from '../../components/Toast';
import { useT } from '../../i18n';
import { defaultSettings, type PlaygroundSettings } from './chat';
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
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's usual default group, else the first one offered. */
function pickGroup(groups: readonly { value: string }[]): string {
  return groups.some((g) => g.value === 'default') ? 'default' : (groups[0]?.value ?? '');
}

export const ConnectedPlayground = forwardRef<HTMLDivElement, ConnectedPlaygroundProps>(function ConnectedPlayground(
  { client, initialSettings, ...rest },
  ref,
) {
  const { t, locale } = useT();
  const [settings, setSettings] = useState<PlaygroundSettings>(() => ({
    ...defaultSettings(presetPrompt('default', locale)),
    ...initialSettings,
  }));

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
  const chat = usePlaygroundChat(stream);

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
