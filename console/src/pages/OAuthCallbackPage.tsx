// The third-party login callbacks (spec screens 5 and 6). The provider sends the browser back
// with code and state; the page POSTs them (features/oauth) and the server logs in or binds.
// GitHub: bind -> /setting, login -> /token, failure -> message and /setting.
// LinuxDO: an authorization error or failure -> message and /setting; bind -> /setting; login -> /.
import { Spinner } from '@sluice/ui-kit';
import { useOAuthCallback } from '../features/oauth/useOAuthCallback';

export function GitHubCallbackPage() {
  const tip = useOAuthCallback('github', '/token');
  return (
    <main>
      <Spinner size="lg" tip={tip} />
    </main>
  );
}

export function LinuxDoCallbackPage() {
  const tip = useOAuthCallback('linuxdo', '/');
  return (
    <main>
      <Spinner size="lg" tip={tip} />
    </main>
  );
}
