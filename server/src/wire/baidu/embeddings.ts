import { arrayAt, isJsonObject, numberAt, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type ReportedUsage } from '../canonical/usage';

/*
 * Baidu's embeddings (`POST /rpc/2.0/ai_custom/v1/wenxinworkshop/embeddings/embedding-v1`):
 * `{input: [texts], user_id?}` in, `{id, object: "embedding_list", data: [{object, embedding,
 * index}], usage: {prompt_tokens, total_tokens}}` out, answered to OpenAI clients as a `list`.
 */

export function toBaiduEmbedding(inputs: readonly string[], user: string | null): JsonObject {
  return user ? { input: [...inputs], user_id: user } : { input: [...inputs] };
}

function base64Floats(values: readonly JsonValue[]): string {
  const buf = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buf.writeFloatLE(typeof v === 'number' ? v : 0, i * 4));
  return buf.toString('base64');
}

/** Baidu's answer as an OpenAI embedding list; vectors as base64 float32 when the client asked (`encoding_format`). */
export function fromBaiduEmbedding(body: JsonValue | undefined, model: string, base64 = false): { clientBody: JsonObject; usage: ReportedUsage | null } | null {
  if (!isJsonObject(body)) return null;
  const data = arrayAt(body, 'data');
  if (!data) return null;
  const u = objectAt(body, 'usage');
  const prompt = numberAt(u, 'prompt_tokens');
  const out = data.flatMap((d, i) => (isJsonObject(d) && Array.isArray(d.embedding) ? [{ object: 'embedding', embedding: base64 ? base64Floats(d.embedding) : d.embedding, index: numberAt(d, 'index') ?? i }] : []));
  return {
    clientBody: { object: 'list', data: out, model, usage: { prompt_tokens: prompt ?? 0, total_tokens: numberAt(u, 'total_tokens') ?? prompt ?? 0 } },
    usage: u ? reportedUsage({ promptTokens: prompt, completionTokens: 0 }) : null,
  };
}
