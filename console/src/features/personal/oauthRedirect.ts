// Where the bind buttons send the browser when the server does not name the authorize page.
import type { ConsoleStatus } from '../../api/status';

export type RedirectProvider = 'github' | 'linuxdo';

export function authorizeUrl(provider: RedirectProvider, status: ConsoleStatus, state: string): string {
  const params = new URLSearchParams({ client_id: (provider === 'github' ? status.github_client_id : status.linuxdo_client_id) ?? '', state });
  if (provider === 'github') {
    params.set('scope', 'user:email');
    return `https://github.com/login/oauth/authorize?${params.toString()}`;
  }
  params.set('response_type', 'code');
  return `https://connect.linux.do/oauth2/authorize?${params.toString()}`;
}
