import { imagePriceMultiplier } from './image-price';

describe('imagePriceMultiplier', () => {
  it('size × quality × n for DALL·E', () => {
    expect(imagePriceMultiplier('dall-e-3', '1024x1024', 'standard', 1)).toBe(1);
    expect(imagePriceMultiplier('dall-e-3', '1024x1024', 'hd', 1)).toBe(2);
    expect(imagePriceMultiplier('dall-e-3', '1792x1024', 'hd', 1)).toBe(3);
    expect(imagePriceMultiplier('dall-e-3', '1024x1792', null, 2)).toBe(4);
    expect(imagePriceMultiplier('dall-e-2', '512x512', null, 3)).toBe(1.35);
    expect(imagePriceMultiplier('dall-e-2', '256x256', null, 3)).toBe(1.2);
    expect(imagePriceMultiplier('dall-e-2', null, null, 1)).toBe(1);
  });

  it('counts n only for models it has no table for', () => {
    expect(imagePriceMultiplier('flux-dev', '2048x2048', 'hd', 4)).toBe(4);
    expect(imagePriceMultiplier('flux-dev', null, null, 0)).toBe(1);
  });
});
