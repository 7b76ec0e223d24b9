/**
 * Channel tests of task servers (types 2 and 5 midjourney-proxy, 36 Suno-API): they take no chat
 * request, so the test asks the server's task list for nothing, with the channel key as each
 * server expects it, and checks the answer has the server's shape.
 */
export interface TaskServerProbe {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Null when the 200 answer is the task server's; else what is wrong with it. */
  check(text: string): string | null;
}

const MIDJOURNEY_TYPES: ReadonlySet<number> = new Set([2, 5]);
const SUNO_TYPE = 36;

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function taskServerProbe(ch: { type: number; baseUrl: string; key: string }): TaskServerProbe | null {
  const base = ch.baseUrl.replace(/\/+$/, '');
  const json = { 'content-type': 'application/json', accept: 'application/json' };
  if (MIDJOURNEY_TYPES.has(ch.type)) {
    return {
      url: `${base}/mj/task/list-by-condition`,
      headers: { ...json, 'mj-api-secret': ch.key },
      body: JSON.stringify({ ids: [] }),
      check: (text) => (Array.isArray(parse(text)) ? null : 'not a midjourney-proxy task list'),
    };
  }
  if (ch.type === SUNO_TYPE) {
    return {
      url: `${base}/suno/fetch`,
      headers: { ...json, authorization: `Bearer ${ch.key}` },
      body: JSON.stringify({ ids: [] }),
      check: (text) => {
        const v = parse(text);
        return typeof v === 'object' && v !== null && (v as { code?: unknown }).code === 'success' ? null : 'not a Suno-API answer';
      },
    };
  }
  return null;
}
