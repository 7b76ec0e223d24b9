// Whether a scroll container (the window by default) is scrolled beyond a distance.
import { useEffect, useState } from 'react';

export type ScrollTarget = () => HTMLElement | Window | null;

function offsetOf(target: HTMLElement | Window): number {
  return 'scrollY' in target ? target.scrollY : target.scrollTop;
}

export function useScrolledPast(threshold: number, target?: ScrollTarget): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const el = target?.() ?? (typeof window === 'undefined' ? null : window);
    if (!el) return undefined;
    const update = (): void => setPast(offsetOf(el) > threshold);
    update();
    el.addEventListener('scroll', update, { passive: true });
    return () => el.removeEventListener('scroll', update);
  }, [threshold, target]);
  return past;
}

/** Scrolls to the top, smoothly unless the user asked for reduced motion. */
export function scrollToTop(target?: ScrollTarget): void {
  const el = target?.() ?? window;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}
