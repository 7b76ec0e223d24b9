import { lookupModelValue } from './model-lookup';

describe('lookupModelValue', () => {
  const map = { 'gpt-4': 15, 'gpt-4-gizmo-*': 15, 'gpt-*': 1, 'gpt-4o-gizmo-*': 2.5, bad: -3, text: '0.5' };

  it('prefers the exact name, then the longest wildcard prefix', () => {
    expect(lookupModelValue(map, 'gpt-4')).toBe(15);
    expect(lookupModelValue(map, 'gpt-4o-gizmo-g-123')).toBe(2.5);
    expect(lookupModelValue(map, 'gpt-4-gizmo-g-123')).toBe(15);
    expect(lookupModelValue(map, 'gpt-3.5-turbo')).toBe(1);
    expect(lookupModelValue(map, 'claude-3')).toBeNull();
  });

  it('ignores negative or non-numeric values and accepts numeric strings', () => {
    expect(lookupModelValue(map, 'bad')).toBeNull();
    expect(lookupModelValue(map, 'text')).toBe(0.5);
  });
});
