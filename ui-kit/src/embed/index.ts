// Entry of the stand-alone embed bundle (dist/embed/sluice-embed.js, an IIFE exposing
// window.SluiceEmbed). On DOMContentLoaded it mounts every [data-sluice-widget] element:
//
//   <div data-sluice-widget="pricing" data-base-url="https://api.example.com"></div>
//   <script src="https://api.example.com/sluice-embed.js" defer></script>
import { mountAll, unmountAll } from './mount';
import { originOf } from './readConfig';

// currentScript is only set while this file first runs; later calls use the saved origin.
const scriptOrigin = originOf(
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined,
);

/** Mounts widgets added after load (e.g. by a single-page host). */
export function mount(scope: ParentNode = document): number {
  return mountAll(scope, scriptOrigin);
}

export function unmount(): void {
  unmountAll();
}

if (typeof document !== 'undefined') {
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', () => mount(), { once: true });
  } else {
    mount();
  }
}
