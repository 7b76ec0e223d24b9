/**
 * What each image model accepts (OpenAI's documented values). Data, not code: a model that
 * is not listed accepts any `WxH` up to the configured edge and any short quality string.
 */
export interface ImageModelRules {
  sizes: readonly string[];
  qualities: readonly string[];
  maxN: number;
}

export const IMAGE_MODEL_RULES: Readonly<Record<string, ImageModelRules>> = {
  'dall-e-2': { sizes: ['256x256', '512x512', '1024x1024'], qualities: ['standard'], maxN: 10 },
  'dall-e-3': { sizes: ['1024x1024', '1792x1024', '1024x1792'], qualities: ['standard', 'hd'], maxN: 1 },
  'gpt-image-1': { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], qualities: ['low', 'medium', 'high', 'auto'], maxN: 10 },
  'gpt-image-1-mini': { sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'], qualities: ['low', 'medium', 'high', 'auto'], maxN: 10 },
};

/** OpenAI's default image model when a client leaves `model` out. */
export const DEFAULT_IMAGE_MODEL = 'dall-e-2';
