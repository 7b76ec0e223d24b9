import { act, screen, waitFor } from '@testing-library/react';
import { mountAll, unmountAll } from './mount';

afterEach(() => {
  act(() => unmountAll());
  document.body.innerHTML = '';
});

function jsonResponse(body: unknown): Response {
  return { ok: true, status: 200, text: async () => JSON.stringify(body), headers: new Headers() } as unknown as Response;
}

describe('mountAll', () => {
  it('mounts the connected widget named by each placeholder against its base URL', async () => {
    const calls: string[] = [];
    const fetchMock = jest.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/api/pricing')) {
        return jsonResponse({
          success: true,
          data: [{ model_name: 'gpt-4o', quota_type: 0, model_ratio: 1.25, completion_ratio: 4, model_price: 0, enable_groups: ['default'] }],
          group_ratio: { default: 1 },
        });
      }
      return jsonResponse({ success: true, data: url.endsWith('/api/status') ? { price: 7 } : '' });
    });
    Object.defineProperty(globalThis, 'fetch', { configurable: true, value: fetchMock });
    document.body.innerHTML =
      '<div id="p" data-sluice-widget="pricing" data-base-url="https://api.example.com/" data-locale="en"></div>' +
      '<div id="bad" data-sluice-widget="nope"></div>';
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let count = 0;
    act(() => {
      count = mountAll(document, 'https://cdn.example.com');
    });
    expect(count).toBe(1);
    expect(document.getElementById('p')?.dataset.sluiceState).toBe('mounted');
    expect(document.getElementById('bad')?.dataset.sluiceState).toBe('error');
    expect(errors).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'gpt-4o' })).toBeInTheDocument();
    // English, from data-locale.
    expect(await screen.findByText('Exchange rate: 1 USD = 7 CNY')).toBeInTheDocument();
    await waitFor(() => expect(calls).toContain('https://api.example.com/api/pricing'));
    errors.mockRestore();
  });
});
