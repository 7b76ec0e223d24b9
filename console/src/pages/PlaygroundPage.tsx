// Chat playground (spec §2.12): the kit's Playground through /pg/chat/completions with the
// session; the user's groups and models come from the server, the conversation is kept locally.
import { ConnectedPlayground, PageContainer } from '@sluice/ui-kit';
import { useSession } from '../app/session';
import { playgroundStorageKey } from '../features/playground/storage';

export function PlaygroundPage() {
  const { client, user } = useSession();
  // The widget's chat header carries the title (操练场).
  return (
    <PageContainer width="full">
      {/* Another user starts a fresh widget with their own kept conversation. */}
      <ConnectedPlayground key={user?.id ?? 0} client={client} storageKey={playgroundStorageKey(user?.id ?? 0)} />
    </PageContainer>
  );
}
