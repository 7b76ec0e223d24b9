import { originOf, readEmbedConfig } from './readConfig';

describe('readEmbedConfig', () => {
  it('reads widget, client and look attributes', () => {
    const el = document.createElement('div');
    el.innerHTML =
      '<div data-sluice-widget="tokens" data-base-url="https://api.example.com" data-user-id="12" data-credentials="include" data-locale="en" data-theme="dark" data-page-base="1"></div>';
    const dataset = (el.firstElementChild as HTMLElement).dataset;
    expect(readEmbedConfig(dataset, undefined)).toEqual({
      ok: true,
      config: {
        widget: 'tokens',
        client: { baseUrl: 'https://api.example.com', userId: 12, credentials: 'include', pageBase: 1 },
        locale: 'en',
        mode: 'dark',
      },
    });
  });

  it('defaults the server to the script origin, zh-CN and light', () => {
    expect(readEmbedConfig({ sluiceWidget: 'playground', apiKey: 'sk-1' }, 'https://cdn.example.com')).toEqual({
      ok: true,
      config: { widget: 'playground', client: { baseUrl: 'https://cdn.example.com', apiKey: 'sk-1' }, locale: 'zh-CN', mode: 'light' },
    });
  });

  it('rejects unknown widgets, missing servers and bad user ids', () => {
    expect(readEmbedConfig({ sluiceWidget: 'chart' }, 'https://a')).toMatchObject({ ok: false });
    expect(readEmbedConfig({ sluiceWidget: 'pricing' }, undefined)).toEqual({ ok: false, error: 'data-base-url is required' });
    expect(readEmbedConfig({ sluiceWidget: 'tokens', userId: 'me' }, 'https://a')).toMatchObject({ ok: false });
  });

  it('takes the origin of a script URL', () => {
    expect(originOf('https://cdn.example.com:8443/x/sluice-embed.js')).toBe('https://cdn.example.com:8443');
    expect(originOf('not a url')).toBeUndefined();
  });
});
