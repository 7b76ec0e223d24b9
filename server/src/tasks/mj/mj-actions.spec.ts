import { MjError } from '../task-errors';
import { actionOfCustomId, forwardBody, modelNameOf, resolveMjSubmit } from './mj-actions';

describe('Midjourney actions', () => {
  it('parses Plus-style customIds into the action they perform', () => {
    expect(actionOfCustomId('MJ::JOB::upsample::2::abc')).toBe('UPSCALE');
    expect(actionOfCustomId('MJ::JOB::upsample_v6_2x_subtle::1::abc::SOLO')).toBe('UPSCALE');
    expect(actionOfCustomId('MJ::JOB::variation::3::abc')).toBe('VARIATION');
    expect(actionOfCustomId('MJ::JOB::low_variation::1::abc::SOLO')).toBe('LOW_VARIATION');
    expect(actionOfCustomId('MJ::JOB::high_variation::1::abc::SOLO')).toBe('HIGH_VARIATION');
    expect(actionOfCustomId('MJ::JOB::pan_left::1::abc::SOLO')).toBe('PAN');
    expect(actionOfCustomId('MJ::JOB::reroll::0::abc::SOLO')).toBe('REROLL');
    expect(actionOfCustomId('MJ::Outpaint::50::1::abc::SOLO')).toBe('ZOOM');
    expect(actionOfCustomId('MJ::CustomZoom::abc')).toBe('CUSTOM_ZOOM');
    expect(actionOfCustomId('MJ::Inpaint::1::abc::SOLO')).toBe('INPAINT');
    expect(() => actionOfCustomId('something else')).toThrow(MjError);
    expect(() => actionOfCustomId('MJ::JOB::unknown::1')).toThrow(MjError);
  });

  it('names models mj_<action>, face swap swap_face', () => {
    expect(modelNameOf('IMAGINE')).toBe('mj_imagine');
    expect(modelNameOf('CUSTOM_ZOOM')).toBe('mj_custom_zoom');
    expect(modelNameOf('SWAP_FACE')).toBe('swap_face');
  });

  it('reads follow-ups: change, simple-change, action and modal name the original task', () => {
    expect(resolveMjSubmit('change', { taskId: 't1', action: 'upscale', index: 2 })).toMatchObject({ action: 'UPSCALE', originalTaskId: 't1' });
    expect(resolveMjSubmit('simple-change', { content: 't2 V3' })).toMatchObject({ action: 'VARIATION', originalTaskId: 't2' });
    expect(resolveMjSubmit('simple-change', { content: 't3 R' })).toMatchObject({ action: 'REROLL', originalTaskId: 't3' });
    expect(resolveMjSubmit('action', { taskId: 't4', customId: 'MJ::JOB::pan_up::1::x' })).toMatchObject({ action: 'PAN', modelName: 'mj_pan' });
    expect(resolveMjSubmit('modal', { taskId: 't5', prompt: 'p' })).toMatchObject({ action: 'MODAL', originalTaskId: 't5' });
    expect(resolveMjSubmit('imagine', { prompt: 'p' }).originalTaskId).toBeNull();
  });

  it('refuses bodies that cannot be relayed', () => {
    const bad: [Parameters<typeof resolveMjSubmit>[0], Record<string, unknown>][] = [
      ['imagine', { prompt: '' }],
      ['blend', { base64Array: ['a'] }],
      ['describe', {}],
      ['change', { taskId: 't', action: 'UPSCALE', index: 9 }],
      ['change', { action: 'UPSCALE', index: 1 }],
      ['simple-change', { content: 't U9' }],
      ['simple-change', { content: 't U' }],
      ['upload-discord-images', { base64Array: [] }],
      ['swap_face', { sourceBase64: 'a' }],
      ['video', {}],
    ];
    for (const [route, body] of bad) expect(() => resolveMjSubmit(route, body)).toThrow(MjError);
  });

  it('drops accountFilter, notifyHook and mode flags unless the options keep them', () => {
    const body = { prompt: 'a cat --fast --ar 16:9 --relax', accountFilter: { x: 1 }, notifyHook: 'http://h' };
    expect(forwardBody(body, { accountFilter: false, notifyHook: false, modeClear: true })).toEqual({ prompt: 'a cat --ar 16:9' });
    expect(forwardBody(body, { accountFilter: true, notifyHook: true, modeClear: false })).toEqual(body);
  });
});
