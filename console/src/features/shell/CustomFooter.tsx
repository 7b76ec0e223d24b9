// The operator's footer HTML through the kit's sanitizer (loaded only when a footer is stored,
// so the sanitizer stays out of the first load).
import { SafeHtml } from '@sluice/ui-kit';

export function CustomFooter({ html }: { html: string }) {
  return <SafeHtml size="sm">{html}</SafeHtml>;
}
