// Runs before every test file: DOM matchers plus the browser APIs jsdom lacks but Radix
// and our components call (ResizeObserver, pointer capture, scrollIntoView, matchMedia).
import '@testing-library/jest-dom';

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

if (typeof window !== 'undefined') {
  const proto = window.HTMLElement.prototype;
  proto.scrollIntoView ??= function scrollIntoView(): void {};
  proto.hasPointerCapture ??= function hasPointerCapture(): boolean {
    return false;
  };
  proto.setPointerCapture ??= function setPointerCapture(): void {};
  proto.releasePointerCapture ??= function releasePointerCapture(): void {};

  window.matchMedia ??= (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
