import { arrayAt, isJsonObject, numberAt, objectAt, type JsonObject, type JsonValue } from '../canonical/json';
import { reportedUsage, type ReportedUsage } from '../canonical/usage';

/*
 * Cohere's rerank (`POST /v1/rerank`, `/v2/rerank` the same body): `{model, query, documents,
 * top_n, return_documents}` in, `{id, results: [{index, relevance_score, document?}], meta:
 * {billed_units: {search_units}}}` out. A search unit is what Cohere bills; it is reported as the
 * prompt count so the model's ratio prices it (reference: rerank billed per the upstream's usage).
 */

export function toCohereRerank(model: string, body: JsonObject): JsonObject {
  return { ...body, model };
}

export interface CohereRerank {
  readonly results: JsonValue[];
  readonly usage: ReportedUsage | null;
}

export function fromCohereRerank(body: JsonValue | undefined): CohereRerank | null {
  if (!isJsonObject(body)) return null;
  const results = arrayAt(body, 'results');
  if (!results) return null;
  const units = objectAt(objectAt(body, 'meta'), 'billed_units');
  const search = numberAt(units, 'search_units');
  const input = numberAt(units, 'input_tokens');
  const prompt = input ?? search;
  return { results, usage: prompt === null ? null : reportedUsage({ promptTokens: prompt, completionTokens: 0 }) };
}
