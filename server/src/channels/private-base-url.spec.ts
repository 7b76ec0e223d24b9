import { assertBaseUrlReachable, privateHostOf } from './private-base-url';

describe('privateHostOf', () => {
  it.each([
    ['http://127.0.0.1:8080/v1', '127.0.0.1'],
    ['http://10.1.2.3', '10.1.2.3'],
    ['https://192.168.0.5', '192.168.0.5'],
    ['http://[::1]:3000', '::1'],
    ['http://localhost:11434', 'localhost'],
    ['http://api.localhost', 'api.localhost'],
  ])('%s is private (%s)', (url, host) => {
    expect(privateHostOf(url)).toBe(host);
  });

  it.each(['https://api.openai.com', 'http://8.8.8.8', 'https://[2606:4700::1111]', 'not a url'])('%s is not', (url) => {
    expect(privateHostOf(url)).toBeNull();
  });

  it('refuses only while private upstreams are off, and never a blank base URL', () => {
    expect(() => assertBaseUrlReachable('http://127.0.0.1', false)).toThrow();
    expect(() => assertBaseUrlReachable('http://127.0.0.1', true)).not.toThrow();
    expect(() => assertBaseUrlReachable('', false)).not.toThrow();
    expect(() => assertBaseUrlReachable(undefined, false)).not.toThrow();
  });
});
