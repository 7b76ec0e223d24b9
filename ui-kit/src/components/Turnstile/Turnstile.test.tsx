import { act, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Turnstile } from './Turnstile';

/** A stand-in for Cloudflare's script: the test resolves the script load itself. */
function serveScript(ok: boolean): void {
  const append = document.head.appendChild.bind(document.head);
  jest.spyOn(document.head, 'appendChild').mockImplementationOnce(<T extends Node>(node: T): T => {
    const out = append(node);
    const script = node as unknown as HTMLScriptElement;
    setTimeout(() => (ok ? script.onload?.(new Event('load')) : script.onerror?.(new Event('error'))), 0);
    return out;
  });
}

afterEach(() => {
  jest.restoreAllMocks();
  delete window.turnstile;
});

describe('Turnstile', () => {
  it('loads the given script, renders the widget with the site key and theme, and reports the token', async () => {
    const render = jest.fn((_el: HTMLElement, opts: { sitekey: string; theme?: string; callback?: (t: string) => void }) => {
      setTimeout(() => opts.callback?.('token-1'), 0);
      return 'w1';
    });
    const remove = jest.fn();
    window.turnstile = { render, remove };
    serveScript(true);
    const onVerify = jest.fn();
    const { unmount } = renderWithTheme(<Turnstile siteKey="site-1" onVerify={onVerify} scriptUrl="/stand-in.js" />, { mode: 'dark' });
    await waitFor(() => expect(onVerify).toHaveBeenCalledWith('token-1'));
    expect(render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'site-1', theme: 'dark' });
    expect(document.head.querySelector('script[src="/stand-in.js"]')).not.toBeNull();
    act(() => unmount());
    expect(remove).toHaveBeenCalledWith('w1');
  });

  it('says so when the script cannot be loaded', async () => {
    serveScript(false);
    renderWithTheme(<Turnstile siteKey="k" onVerify={() => undefined} scriptUrl="/missing.js" loadErrorText="人机验证加载失败" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('人机验证加载失败');
  });
});
