// Mounts connected widgets into placeholder elements of any page. Each placeholder gets
// its own React root, theme and language; one Toaster and ConfirmHost serve the page.
import { useMemo } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createSluiceClient } from '../api/client';
import { ConfirmHost } from '../components/Dialog';
import { Toaster } from '../components/Toast';
import { I18nProvider } from '../i18n';
import { SluiceThemeProvider } from '../theme';
import { ConnectedPlayground } from '../widgets/Playground';
import { ConnectedPricingTable } from '../widgets/PricingTable';
import { ConnectedTokenManager } from '../widgets/TokenManager';
import { readEmbedConfig, type EmbedConfig } from './readConfig';

export const WIDGET_SELECTOR = '[data-sluice-widget]';

const roots = new Map<HTMLElement, Root>();
let hostsMounted = false;

function Widget({ config }: { config: EmbedConfig }) {
  const client = useMemo(() => createSluiceClient(config.client), [config]);
  switch (config.widget) {
    case 'pricing':
      return <ConnectedPricingTable client={client} />;
    case 'playground':
      return <ConnectedPlayground client={client} />;
    case 'tokens':
      return <ConnectedTokenManager client={client} />;
    default: {
      const never: never = config.widget;
      return never;
    }
  }
}

/** Mounts one placeholder; returns false (and marks it) when its attributes are wrong. */
export function mountElement(element: HTMLElement, defaultBaseUrl: string | undefined): boolean {
  if (roots.has(element)) return true;
  const result = readEmbedConfig(element.dataset, defaultBaseUrl);
  if (!result.ok) {
    element.dataset.sluiceState = 'error';
    console.error(`[sluice-embed] ${result.error}`, element);
    return false;
  }
  const { config } = result;
  const root = createRoot(element);
  // The first widget also hosts the page's toasts and confirms, in its theme and language.
  const withHosts = !hostsMounted;
  hostsMounted = true;
  root.render(
    <SluiceThemeProvider mode={config.mode}>
      <I18nProvider locale={config.locale}>
        <Widget config={config} />
        {withHosts && (
          <>
            <Toaster />
            <ConfirmHost />
          </>
        )}
      </I18nProvider>
    </SluiceThemeProvider>,
  );
  roots.set(element, root);
  element.dataset.sluiceState = 'mounted';
  return true;
}

/** Mounts every placeholder under `scope`; returns how many are mounted. */
export function mountAll(scope: ParentNode, defaultBaseUrl: string | undefined): number {
  let count = 0;
  for (const element of Array.from(scope.querySelectorAll<HTMLElement>(WIDGET_SELECTOR))) {
    if (mountElement(element, defaultBaseUrl)) count += 1;
  }
  return count;
}

/** Unmounts every widget this script mounted (for single-page hosts that swap content). */
export function unmountAll(): void {
  for (const [element, root] of roots) {
    root.unmount();
    delete element.dataset.sluiceState;
  }
  roots.clear();
  hostsMounted = false;
}
