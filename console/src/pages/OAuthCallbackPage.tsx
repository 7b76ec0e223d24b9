// PLACEHOLDER: replaced by the sign-in screens' owner.
import { Spinner } from '@sluice/ui-kit';

export function GitHubCallbackPage() {
  return <Spinner />;
}

export function LinuxDoCallbackPage() {
  return <Spinner />;
}
