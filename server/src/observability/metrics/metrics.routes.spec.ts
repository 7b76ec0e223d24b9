import { bearerMatches } from './metrics.routes';

describe('bearerMatches', () => {
  const token = 'metrics-secret-0123456789';
  it('accepts exactly the token after Bearer (scheme case-insensitive)', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });
  it('refuses anything else', () => {
    for (const h of [undefined, '', 'Bearer', 'Bearer ', token, `Basic ${token}`, `Bearer ${token}x`, `Bearer ${token.slice(1)}`]) {
      expect(bearerMatches(h, token)).toBe(false);
    }
  });
});
