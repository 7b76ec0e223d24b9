import { forwardRef, useEffect, useRef, useState, type HTMLAttributes } from 'react';
import { useSluiceTheme } from '../../theme/resolveTheme';
import { loadScript } from './loadScript';
import { StyledTurnstile } from './Turnstile.styles';

/** Cloudflare's script, rendered explicitly. */
export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileRenderOptions {
  sitekey: string;
  theme?: 'light' | 'dark' | 'auto';
  language?: string;
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  'error-callback'?: () => void;
}

export interface TurnstileApi {
  render(container: HTMLElement, options: TurnstileRenderOptions): string | undefined;
  remove?(widgetId: string): void;
  reset?(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export interface TurnstileProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'onError'> {
  siteKey: string;
  /** Called with the token once the visitor passed; the form sends it as `?turnstile=`. */
  onVerify: (token: string) => void;
  /** The token expired or the check failed: the form must wait for a new one. */
  onExpire?: () => void;
  /** Where the script comes from; tests and stories serve a stand-in. */
  scriptUrl?: string;
  /** Shown when the script cannot be loaded. */
  loadErrorText?: string;
  language?: string;
}

/** The Turnstile human check (Cloudflare), loaded on demand and themed like the page. */
export const Turnstile = forwardRef<HTMLDivElement, TurnstileProps>(function Turnstile(
  { siteKey, onVerify, onExpire, scriptUrl = TURNSTILE_SCRIPT_URL, loadErrorText, language, ...rest },
  ref,
) {
  const { mode } = useSluiceTheme();
  const slot = useRef<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);
  // The latest callbacks, without re-rendering the widget when the parent re-renders.
  const handlers = useRef({ onVerify, onExpire });
  handlers.current = { onVerify, onExpire };

  useEffect(() => {
    let cancelled = false;
    let widgetId: string | undefined;
    setFailed(false);
    loadScript(scriptUrl)
      .then(() => {
        const api = window.turnstile;
        if (cancelled || !slot.current || !api) return;
        widgetId = api.render(slot.current, {
          sitekey: siteKey,
          theme: mode,
          ...(language ? { language } : {}),
          callback: (token) => handlers.current.onVerify(token),
          'expired-callback': () => handlers.current.onExpire?.(),
          'error-callback': () => handlers.current.onExpire?.(),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove?.(widgetId);
    };
  }, [siteKey, scriptUrl, mode, language]);

  return (
    <StyledTurnstile ref={ref} data-turnstile="" {...rest}>
      <div ref={slot} />
      {failed && loadErrorText ? <span role="alert">{loadErrorText}</span> : null}
    </StyledTurnstile>
  );
});
