import { act, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nProvider, useT } from './I18nProvider';
import { addKitMessages, getLocale, kitI18n, setLocale } from './instance';
import { en } from './messages.en';
import { zhCN } from './messages.zh-CN';
import type { MessageKey } from './types';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
}

function Label({ k }: { k: MessageKey }) {
  const { t, locale } = useT();
  return (
    <span data-testid={`label-${k}`} data-locale={locale}>
      {t(k)}
    </span>
  );
}

describe('i18n catalogues', () => {
  it('en has exactly the same keys as zh-CN', () => {
    expect(leafKeys(en).sort()).toEqual(leafKeys(zhCN).sort());
  });

  it('every value is a non-empty string in both catalogues', () => {
    for (const catalogue of [zhCN, en]) {
      const walk = (v: unknown): void => {
        if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
        else expect(typeof v === 'string' && v.length > 0).toBe(true);
      };
      walk(catalogue);
    }
  });

  it('interpolation placeholders match between locales', () => {
    const placeholders = (s: string) => (s.match(/{{\s*\w+\s*}}/g) ?? []).sort();
    const flat = (obj: unknown, prefix = ''): Record<string, string> =>
      typeof obj === 'object' && obj !== null
        ? Object.assign(
            {},
            ...Object.entries(obj).map(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k)),
          )
        : { [prefix]: String(obj) };
    const zh = flat(zhCN);
    const enFlat = flat(en);
    for (const [key, value] of Object.entries(zh)) {
      expect({ key, p: placeholders(enFlat[key] ?? '') }).toEqual({ key, p: placeholders(value) });
    }
  });
});

describe('useT', () => {
  afterEach(async () => {
    await act(() => setLocale('zh-CN'));
  });

  it('defaults to zh-CN without a provider', () => {
    render(<Label k="common.cancel" />);
    expect(screen.getByTestId('label-common.cancel')).toHaveTextContent('取消');
    expect(getLocale()).toBe('zh-CN');
  });

  it('setLocale switches components without a provider', async () => {
    render(<Label k="common.cancel" />);
    await act(() => setLocale('en'));
    expect(screen.getByTestId('label-common.cancel')).toHaveTextContent('Cancel');
    expect(screen.getByTestId('label-common.cancel')).toHaveAttribute('data-locale', 'en');
  });

  it('I18nProvider scopes the language to its subtree', () => {
    render(
      <>
        <I18nProvider locale="en">
          <Label k="common.ok" />
        </I18nProvider>
        <Label k="common.cancel" />
      </>,
    );
    expect(screen.getByTestId('label-common.ok')).toHaveTextContent('OK');
    expect(screen.getByTestId('label-common.cancel')).toHaveTextContent('取消');
  });

  it('re-renders when the provider locale changes', () => {
    const { rerender } = render(
      <I18nProvider locale="zh-CN">
        <Label k="select.placeholder" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('label-select.placeholder')).toHaveTextContent('请选择');
    rerender(
      <I18nProvider locale="en">
        <Label k="select.placeholder" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('label-select.placeholder')).toHaveTextContent('Select…');
  });

  it('interpolates values', () => {
    function Count() {
      const { t } = useT();
      return <span data-testid="count">{t('select.selectedCount', { count: 3 })}</span>;
    }
    render(<Count />);
    expect(screen.getByTestId('count')).toHaveTextContent('已选 3 项');
  });

  it('does not touch a host i18next instance', async () => {
    const host = createInstance();
    await host.init({ lng: 'fr', resources: { fr: { translation: { hi: 'salut' } } } });
    await setLocale('en');
    expect(host.language).toBe('fr');
    expect(kitI18n).not.toBe(host);
  });
});

describe('addKitMessages', () => {
  function Any({ k }: { k: string }) {
    const { t } = useT();
    return <span data-testid="any">{t(k as MessageKey)}</span>;
  }

  it("an application's section is read by the same t(), in providers created later and in the default instance", () => {
    addKitMessages({
      'zh-CN': { appArea: { title: '应用标题', hello: '你好 {{name}}' } },
      en: { appArea: { title: 'App title', hello: 'Hello {{name}}' } },
    });
    const { unmount } = render(
      <I18nProvider locale="en">
        <Any k="appArea.title" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('any').textContent).toBe('App title');
    unmount();
    render(
      <I18nProvider locale="zh-CN">
        <Any k="appArea.title" />
      </I18nProvider>,
    );
    expect(screen.getByTestId('any').textContent).toBe('应用标题');
    expect(kitI18n.getFixedT('en')('appArea.hello', { name: 'Ann' })).toBe('Hello Ann');
    // The kit's own strings are still there beside it.
    expect(kitI18n.getFixedT('en')('common.ok')).toBe('OK');
  });

  it("refuses a section name of the kit's own catalogue, so a widget's strings cannot be replaced", () => {
    expect(() => addKitMessages({ 'zh-CN': { common: { ok: 'x' } }, en: { common: { ok: 'x' } } })).toThrow(/common/);
    expect(kitI18n.getFixedT('en')('common.ok')).toBe('OK');
  });
});
