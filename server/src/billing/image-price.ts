import { exactProduct } from './decimal';

/**
 * Per-call image price factors (§3.3): size factor × quality factor × n, on top of the model's
 * fixed price. Data: DALL·E sizes relative to 1024², and DALL·E 3 HD costing 2× (1.5× again for
 * the tall and wide sizes). Models or sizes not listed count 1.
 */
const SIZE_FACTORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'dall-e-2': { '256x256': 0.4, '512x512': 0.45, '1024x1024': 1 },
  'dall-e-3': { '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 },
};

const HD_FACTORS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  'dall-e-3': { '1024x1024': 2, '1024x1792': 1.5, '1792x1024': 1.5 },
};

const DEFAULT_SIZE: Readonly<Record<string, string>> = { 'dall-e-2': '1024x1024', 'dall-e-3': '1024x1024' };

export function imagePriceMultiplier(model: string, size: string | null, quality: string | null, n: number): number {
  const s = size ?? DEFAULT_SIZE[model] ?? '';
  const sizeFactor = SIZE_FACTORS[model]?.[s] ?? 1;
  const qualityFactor = quality === 'hd' ? (HD_FACTORS[model]?.[s] ?? 1) : 1;
  return exactProduct(sizeFactor, qualityFactor, Math.max(1, Math.trunc(n)));
}
