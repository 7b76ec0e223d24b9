import { selfOther } from './logs.mapper';

describe('selfOther', () => {
  it('keeps only the allowlisted keys of other', () => {
    const raw = JSON.stringify({ model_ratio: 2, frt: 9, admin_info: { use_channel: [1, 2] }, audio_input: 3, channel_name: 'x', use_channel: [1] });
    expect(JSON.parse(selfOther(raw))).toEqual({ model_ratio: 2, frt: 9, audio_input: 3 });
  });

  it('answers {} for malformed or non-object JSON', () => {
    expect(selfOther('nope')).toBe('{}');
    expect(selfOther('[1]')).toBe('{}');
    expect(selfOther('null')).toBe('{}');
  });
});
