import { MjError } from '../task-errors';

/** The submit routes of midjourney-proxy the gateway relays (reference §8.1). */
export const MJ_SUBMIT_ROUTES = [
  'imagine',
  'blend',
  'describe',
  'change',
  'simple-change',
  'action',
  'modal',
  'shorten',
  'upload-discord-images',
  'edits',
  'video',
] as const;
export type MjSubmitRoute = (typeof MJ_SUBMIT_ROUTES)[number] | 'swap_face';

export type MjAction =
  | 'IMAGINE'
  | 'UPSCALE'
  | 'VARIATION'
  | 'HIGH_VARIATION'
  | 'LOW_VARIATION'
  | 'PAN'
  | 'DESCRIBE'
  | 'BLEND'
  | 'UPLOAD'
  | 'SHORTEN'
  | 'REROLL'
  | 'INPAINT'
  | 'ZOOM'
  | 'CUSTOM_ZOOM'
  | 'MODAL'
  | 'SWAP_FACE'
  | 'EDITS'
  | 'VIDEO';

/** Actions that cost nothing: their modal step is charged instead (reference §8.1). */
export const FREE_ACTIONS: ReadonlySet<MjAction> = new Set<MjAction>(['INPAINT', 'CUSTOM_ZOOM']);

/** Follow-ups of an earlier task: they reuse its channel. */
const FOLLOW_UP_ROUTES: ReadonlySet<MjSubmitRoute> = new Set<MjSubmitRoute>(['change', 'simple-change', 'action', 'modal', 'video']);

export interface ResolvedMjSubmit {
  action: MjAction;
  modelName: string;
  /** The original task's mj id for a follow-up; null for a new task. */
  originalTaskId: string | null;
  /** The text shown as the task's prompt. */
  prompt: string;
}

export type JsonObject = Record<string, unknown>;

export function modelNameOf(action: MjAction): string {
  return action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v.trim() : '';
}

function nonEmptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x !== '');
}

const invalid = (what: string): MjError => new MjError(4, `${what}`, 400);

/**
 * Plus-style `customId` (`MJ::JOB::upsample::2::<hash>`, `MJ::Outpaint::...`) to the action it
 * performs. Unknown ids are refused rather than billed at a guess.
 */
export function actionOfCustomId(customId: string): MjAction {
  const id = customId.toLowerCase();
  if (id.startsWith('mj::customzoom')) return 'CUSTOM_ZOOM';
  if (id.startsWith('mj::inpaint')) return 'INPAINT';
  if (id.startsWith('mj::outpaint')) return 'ZOOM';
  if (!id.startsWith('mj::job::')) throw invalid('customId is not a Midjourney action');
  const kind = id.split('::')[2] ?? '';
  if (kind.startsWith('upsample')) return 'UPSCALE';
  if (kind === 'variation') return 'VARIATION';
  if (kind === 'low_variation') return 'LOW_VARIATION';
  if (kind === 'high_variation') return 'HIGH_VARIATION';
  if (kind.startsWith('pan_')) return 'PAN';
  if (kind === 'reroll') return 'REROLL';
  throw invalid('customId is not a Midjourney action');
}

const CHANGE_ACTIONS: Readonly<Record<string, MjAction>> = { UPSCALE: 'UPSCALE', VARIATION: 'VARIATION', REROLL: 'REROLL' };

/** Validates a submit body and names its action, model and (for follow-ups) the original task. */
export function resolveMjSubmit(route: MjSubmitRoute, body: JsonObject): ResolvedMjSubmit {
  const prompt = str(body.prompt);
  const taskId = str(body.taskId);
  const one = (action: MjAction, original: string | null = null, text = prompt): ResolvedMjSubmit => ({
    action,
    modelName: modelNameOf(action),
    originalTaskId: original,
    prompt: text,
  });
  if (FOLLOW_UP_ROUTES.has(route) && route !== 'simple-change' && route !== 'video' && taskId === '') throw invalid('taskId is required');
  switch (route) {
    case 'imagine':
      if (prompt === '') throw invalid('prompt is required');
      return one('IMAGINE');
    case 'shorten':
      if (prompt === '') throw invalid('prompt is required');
      return one('SHORTEN');
    case 'edits':
      if (prompt === '') throw invalid('prompt is required');
      return one('EDITS');
    case 'blend':
      if (!nonEmptyList(body.base64Array) || (body.base64Array as unknown[]).length < 2) throw invalid('base64Array needs at least two images');
      return one('BLEND');
    case 'describe':
      if (str(body.base64) === '') throw invalid('base64 is required');
      return one('DESCRIBE');
    case 'upload-discord-images':
      if (!nonEmptyList(body.base64Array)) throw invalid('base64Array is required');
      return one('UPLOAD');
    case 'swap_face':
      if (str(body.sourceBase64) === '' || str(body.targetBase64) === '') throw invalid('sourceBase64 and targetBase64 are required');
      return one('SWAP_FACE');
    case 'change': {
      const action = CHANGE_ACTIONS[str(body.action).toUpperCase()];
      if (!action) throw invalid('action must be UPSCALE, VARIATION or REROLL');
      if (action !== 'REROLL') {
        const index = Number(body.index);
        if (!Number.isInteger(index) || index < 1 || index > 4) throw invalid('index must be 1 to 4');
      }
      return one(action, taskId);
    }
    case 'simple-change': {
      // "<taskId> U1" / "V2" / "R"
      const m = /^(\S+)\s+([UVR])([1-4])?$/i.exec(str(body.content));
      if (!m) throw invalid('content must be "<taskId> U1..U4 | V1..V4 | R"');
      const letter = (m[2] as string).toUpperCase();
      if (letter !== 'R' && !m[3]) throw invalid('content must be "<taskId> U1..U4 | V1..V4 | R"');
      const action: MjAction = letter === 'U' ? 'UPSCALE' : letter === 'V' ? 'VARIATION' : 'REROLL';
      return one(action, m[1] as string);
    }
    case 'action': {
      const customId = str(body.customId);
      if (customId === '') throw invalid('customId is required');
      return one(actionOfCustomId(customId), taskId);
    }
    case 'modal':
      return one('MODAL', taskId);
    case 'video':
      if (taskId === '' && prompt === '') throw invalid('taskId or prompt is required');
      return one('VIDEO', taskId === '' ? null : taskId);
    default: {
      const never: never = route;
      throw invalid(`unknown route ${String(never)}`);
    }
  }
}

const MODE_FLAGS = /\s*--(?:fast|relax|turbo)\b/gi;

export interface MjForwardOptions {
  accountFilter: boolean;
  notifyHook: boolean;
  modeClear: boolean;
}

/** The body sent upstream: `accountFilter`, `notifyHook` and mode flags per the Mj* options. */
export function forwardBody(body: JsonObject, o: MjForwardOptions): JsonObject {
  const out: JsonObject = { ...body };
  if (!o.accountFilter) delete out.accountFilter;
  if (!o.notifyHook) delete out.notifyHook;
  if (o.modeClear && typeof out.prompt === 'string') out.prompt = out.prompt.replace(MODE_FLAGS, '').trim();
  return out;
}

/** The upstream path of a submit route. */
export function upstreamPathOf(route: MjSubmitRoute): string {
  return route === 'swap_face' ? '/mj/insight-face/swap' : `/mj/submit/${route}`;
}
