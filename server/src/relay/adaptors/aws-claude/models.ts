/*
 * Anthropic model names to Bedrock model ids, and the cross-region inference profiles each model
 * has (AWS Bedrock user guide, "Supported Regions and models for inference profiles"; Anthropic's
 * "Claude on Amazon Bedrock"). Data rows: a new model is a line. A name that is already a
 * Bedrock id (`anthropic.…`, `us.anthropic.…`, an ARN) goes through as it is.
 */

/** Geographies of the system-defined cross-region profiles, by the prefix they put on the id. */
export type CrossRegionGeo = 'us' | 'eu' | 'apac';

interface BedrockModel {
  readonly id: string;
  /** Geographies with a cross-region profile; a channel in one of them calls through it. */
  readonly crossRegion: readonly CrossRegionGeo[];
}

export const BEDROCK_MODELS: Readonly<Record<string, BedrockModel>> = {
  'claude-instant-1.2': { id: 'anthropic.claude-instant-v1', crossRegion: [] },
  'claude-2.0': { id: 'anthropic.claude-v2', crossRegion: [] },
  'claude-2.1': { id: 'anthropic.claude-v2:1', crossRegion: [] },
  'claude-3-haiku-20240307': { id: 'anthropic.claude-3-haiku-20240307-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-3-sonnet-20240229': { id: 'anthropic.claude-3-sonnet-20240229-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-3-opus-20240229': { id: 'anthropic.claude-3-opus-20240229-v1:0', crossRegion: ['us'] },
  'claude-3-5-haiku-20241022': { id: 'anthropic.claude-3-5-haiku-20241022-v1:0', crossRegion: ['us'] },
  'claude-3-5-sonnet-20240620': { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-3-5-sonnet-20241022': { id: 'anthropic.claude-3-5-sonnet-20241022-v2:0', crossRegion: ['us', 'apac'] },
  'claude-3-7-sonnet-20250219': { id: 'anthropic.claude-3-7-sonnet-20250219-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-sonnet-4-20250514': { id: 'anthropic.claude-sonnet-4-20250514-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-opus-4-20250514': { id: 'anthropic.claude-opus-4-20250514-v1:0', crossRegion: ['us'] },
  'claude-opus-4-1-20250805': { id: 'anthropic.claude-opus-4-1-20250805-v1:0', crossRegion: ['us'] },
  'claude-sonnet-4-5-20250929': { id: 'anthropic.claude-sonnet-4-5-20250929-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-haiku-4-5-20251001': { id: 'anthropic.claude-haiku-4-5-20251001-v1:0', crossRegion: ['us', 'eu', 'apac'] },
  'claude-opus-4-5-20251101': { id: 'anthropic.claude-opus-4-5-20251101-v1:0', crossRegion: ['us', 'eu', 'apac'] },
};

/** Region prefix to geography (`us-gov-*` and others have no system profile: plain ids there). */
const REGION_GEO: readonly (readonly [RegExp, CrossRegionGeo])[] = [
  [/^us-(?!gov-)/, 'us'],
  [/^ca-/, 'us'],
  [/^eu-/, 'eu'],
  [/^ap-/, 'apac'],
];

export function geoOf(region: string): CrossRegionGeo | null {
  for (const [pattern, geo] of REGION_GEO) if (pattern.test(region)) return geo;
  return null;
}

/** The id to call for `model` from a channel in `region`. */
export function bedrockModelId(model: string, region: string): string {
  const row = BEDROCK_MODELS[model];
  if (!row) return model;
  const geo = geoOf(region);
  return geo && row.crossRegion.includes(geo) ? `${geo}.${row.id}` : row.id;
}

/** Prefixes of the system-defined cross-region inference profiles (`us.anthropic.…`, `global.anthropic.…`). */
const PROFILE_PREFIX = /^(?:us|us-gov|eu|apac|jp|au|ca|global)\.(?=[a-z0-9-]+\.)/;

/**
 * The foundation model's own id for `model`, never an inference profile: CountTokens takes "the
 * unique identifier or ARN of the foundation model" (Bedrock API reference), and refuses profiles.
 */
export function bedrockFoundationModelId(model: string): string {
  const row = BEDROCK_MODELS[model];
  return row ? row.id : model.replace(PROFILE_PREFIX, '');
}

export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';
