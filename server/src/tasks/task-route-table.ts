import { z } from 'zod';
import type { RelayDoc, RelayRouteDef } from '../relay/edge/relay-doc';
import { MJ_SUBMIT_ROUTES, type MjSubmitRoute } from './mj/mj-actions';

/** What serves a task route (TaskRoutes maps each kind to its handler). */
export type TaskServe =
  | { readonly kind: 'mj_submit'; readonly route: MjSubmitRoute }
  | { readonly kind: 'mj_fetch' | 'mj_image_seed' | 'mj_list' | 'mj_image' | 'suno_submit' | 'suno_fetch_many' | 'suno_fetch_one' };

export type TaskRoute = RelayRouteDef<TaskServe>;

/** The fields mj-actions.ts reads from a submit body (each route needs its own few). */
const MjSubmitRequestSchema = z
  .looseObject({
    prompt: z.string().optional().describe('imagine, shorten, edits, video'),
    base64Array: z.array(z.string()).optional().describe('blend (two or more data URLs), upload-discord-images'),
    base64: z.string().optional().describe('describe'),
    taskId: z.string().optional().describe('The earlier task of change, action, modal, video'),
    action: z.enum(['UPSCALE', 'VARIATION', 'REROLL']).optional().describe('change'),
    index: z.number().int().min(1).max(4).optional().describe('change: the image, 1..4 (not for REROLL)'),
    content: z.string().optional().describe('simple-change: "<taskId> U1..U4 | V1..V4 | R"'),
    customId: z.string().optional().describe('action: a button\'s customId'),
    sourceBase64: z.string().optional().describe('insight-face/swap'),
    targetBase64: z.string().optional().describe('insight-face/swap'),
  })
  .meta({ id: 'MjSubmitRequest' });

const MjSubmitResultSchema = z
  .looseObject({ code: z.number().int().describe('1 when the task was accepted (and billed); otherwise the upstream\'s own code, nothing billed'), description: z.string(), result: z.string().nullable().describe('The task id') })
  .meta({ id: 'MjSubmitResult' });

const MjTaskSchema = z
  .looseObject({
    id: z.string(),
    action: z.string(),
    prompt: z.string(),
    status: z.string().describe('`NOT_START`, `SUBMITTED`, `IN_PROGRESS`, `SUCCESS`, `FAILURE`'),
    progress: z.string(),
    imageUrl: z.string(),
    failReason: z.string(),
    submitTime: z.number().int(),
    finishTime: z.number().int(),
    buttons: z.array(z.unknown()),
  })
  .meta({ id: 'MjTask' });

const idsSchema = z.looseObject({ ids: z.array(z.string()) });

const SunoSubmitRequestSchema = z
  .looseObject({
    prompt: z.string().optional().describe('Lyrics (or the text for `lyrics`); music needs it or gpt_description_prompt'),
    gpt_description_prompt: z.string().optional(),
    title: z.string().optional(),
    tags: z.string().optional(),
    task_id: z.string().optional().describe('Continue this earlier task (on its channel)'),
  })
  .meta({ id: 'SunoSubmitRequest' });

const SunoTaskSchema = z
  .looseObject({
    task_id: z.string(),
    action: z.string(),
    status: z.string(),
    fail_reason: z.string(),
    submit_time: z.number().int(),
    finish_time: z.number().int(),
    progress: z.string(),
    data: z.unknown(),
  })
  .meta({ id: 'SunoTask' });

const sunoAnswer = (data: z.ZodType) => z.looseObject({ code: z.string().describe('`success`, or the reason'), message: z.string(), data });

const MJ = { keys: 'mj', errors: 'mj', tag: 'Midjourney' } as const;
const SUNO = { keys: 'bearer', errors: 'suno', tag: 'Suno' } as const;

const mjSubmit = (prefix: string, url: string, route: MjSubmitRoute): TaskRoute => ({
  method: 'POST',
  url: `${prefix}${url}`,
  serve: { kind: 'mj_submit', route },
  doc: { ...MJ, summary: `Submit a Midjourney ${route} task`, body: { schema: MjSubmitRequestSchema }, answer: { schema: MjSubmitResultSchema } },
});

function mjRoutes(prefix: string): TaskRoute[] {
  const modeNote: Partial<RelayDoc> = prefix === '' ? {} : { description: '`{mode}` (`mj-fast`, `mj-relax`, ... as midjourney-proxy clients put it in the path) is accepted and not read: the same route as under `/mj`' };
  const p = prefix === '' ? '/mj' : '/:mode/mj';
  const routes: TaskRoute[] = [
    ...MJ_SUBMIT_ROUTES.map((route) => mjSubmit(p, `/submit/${route}`, route)),
    mjSubmit(p, '/insight-face/swap', 'swap_face'),
    { method: 'GET', url: `${p}/task/:id/fetch`, serve: { kind: 'mj_fetch' }, doc: { ...MJ, summary: 'One of your Midjourney tasks', answer: { schema: MjTaskSchema } } },
    ...['image-seed', 'image-spec'].map(
      (seed): TaskRoute => ({
        method: 'GET',
        url: `${p}/task/:id/${seed}`,
        serve: { kind: 'mj_image_seed' },
        doc: { ...MJ, summary: "A task's image seed (asked of its upstream)", answer: { schema: MjSubmitResultSchema } },
      }),
    ),
    {
      method: 'POST',
      url: `${p}/task/list-by-condition`,
      serve: { kind: 'mj_list' },
      doc: { ...MJ, summary: 'Your Midjourney tasks by id', body: { schema: idsSchema }, answer: { schema: z.array(MjTaskSchema) } },
    },
    {
      method: 'GET',
      url: `${p}/image/:id`,
      serve: { kind: 'mj_image' },
      doc: { ...MJ, keys: 'public', summary: "A task's image, proxied (public: image tags carry no key)", answer: { contentType: 'image/*' } },
    },
  ];
  return routes.map((r) => ({ ...r, doc: { ...(r.doc as RelayDoc), ...modeNote } }));
}

/** The Midjourney routes (midjourney-proxy's shapes), under `/mj` and `/{mode}/mj`. */
export const MJ_ROUTES: readonly TaskRoute[] = [...mjRoutes(''), ...mjRoutes('mode')];

/** The Suno routes (Suno-API's task shapes). */
export const SUNO_ROUTES: readonly TaskRoute[] = [
  {
    method: 'POST',
    url: '/suno/submit/:action',
    serve: { kind: 'suno_submit' },
    doc: { ...SUNO, summary: 'Submit a Suno task; `{action}` is `music` or `lyrics`', body: { schema: SunoSubmitRequestSchema }, answer: { schema: sunoAnswer(z.string().describe('The task id')) } },
  },
  { method: 'POST', url: '/suno/fetch', serve: { kind: 'suno_fetch_many' }, doc: { ...SUNO, summary: 'Your Suno tasks by id', body: { schema: idsSchema }, answer: { schema: sunoAnswer(z.array(SunoTaskSchema)) } } },
  { method: 'GET', url: '/suno/fetch/:id', serve: { kind: 'suno_fetch_one' }, doc: { ...SUNO, summary: 'One of your Suno tasks', answer: { schema: sunoAnswer(SunoTaskSchema) } } },
];

/** `{code, description, type, result}` (TaskRoutes.sendError, Midjourney shape). */
export const MjErrorSchema = z
  .object({ code: z.number().int().describe('midjourney-proxy\'s code: 4 for a refusal'), description: z.string(), type: z.string().describe('The reason'), result: z.null() })
  .meta({ id: 'MjError' });

/** `{code, message, data: null}` (TaskRoutes.sendError, Suno shape). */
export const SunoErrorSchema = z.object({ code: z.string().describe('The reason'), message: z.string(), data: z.null() }).meta({ id: 'SunoError' });

export const TASK_ROUTES: readonly TaskRoute[] = [...MJ_ROUTES, ...SUNO_ROUTES];
