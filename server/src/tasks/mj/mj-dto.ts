import type { MidjourneyEntity } from '../midjourney.entity';

/** midjourney-proxy's task object, as clients read it from fetch and list-by-condition. */
export interface MidjourneyDto {
  id: string;
  action: string;
  customId: string;
  botType: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  videoUrl: string;
  videoUrls: unknown[];
  status: string;
  progress: string;
  failReason: string;
  buttons: unknown[];
  properties: Record<string, unknown>;
}

function parsed<T>(text: string, fallback: T, ok: (v: unknown) => v is T): T {
  if (text === '') return fallback;
  try {
    const v: unknown = JSON.parse(text);
    return ok(v) ? v : fallback;
  } catch {
    return fallback;
  }
}

const isList = (v: unknown): v is unknown[] => Array.isArray(v);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function toMidjourneyDto(m: MidjourneyEntity, imageUrl: string): MidjourneyDto {
  const properties = parsed(m.properties, {}, isRecord);
  return {
    id: m.mjId,
    action: m.action,
    customId: '',
    botType: '',
    prompt: m.prompt,
    promptEn: m.promptEn,
    description: m.description,
    state: m.state,
    submitTime: m.submitTime,
    startTime: m.startTime,
    finishTime: m.finishTime,
    imageUrl,
    videoUrl: m.videoUrl,
    videoUrls: parsed(m.videoUrls, [], isList),
    status: m.status,
    progress: m.progress,
    failReason: m.failReason,
    buttons: parsed(m.buttons, [], isList),
    properties: { finalPrompt: properties.finalPrompt ?? '', finalZhPrompt: properties.finalZhPrompt ?? '' },
  };
}
