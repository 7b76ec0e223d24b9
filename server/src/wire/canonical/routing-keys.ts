import { isJsonObject, type JsonObject } from './json';

/** Keys normalised before, bounded in number (cleared when full) and in length (longer ones are not kept). */
const normalised = new Map<string, string>();
const NORMALISED_MAX = 1024;
const NORMALISED_KEY_MAX = 64;

/**
 * Keys that, in some SDK or proxy, redirect a call or carry credentials (LiteLLM-style
 * `api_base`, `api_key`, `extra_headers`, Azure and AWS settings). Nothing a client sends may
 * change the upstream destination or credentials (security rule 10): our adaptors never read
 * them, and they are removed so an upstream proxy that would honour them never sees them.
 * Compared after lower-casing and dropping `_` and `-`, so `baseURL`, `base_url`, `api-key` match.
 */
const ROUTING_KEYS = new Set(
  [
    'base_url',
    'api_base',
    'api_key',
    'api_version',
    'api_type',
    'organization',
    'project',
    'extra_headers',
    'extra_query',
    'headers',
    'default_headers',
    'default_query',
    'endpoint',
    'azure_endpoint',
    'azure_deployment',
    'azure_ad_token',
    'deployment_id',
    'proxy',
    'proxies',
    'http_client',
    'custom_llm_provider',
    'aws_access_key_id',
    'aws_secret_access_key',
    'aws_session_token',
    'aws_region_name',
    'vertex_credentials',
    'vertex_project',
    'vertex_location',
  ].map(normaliseKey),
);

/** Containers some clients merge into the request; their content is checked the same way. */
const NESTED_CONTAINERS = new Set(['extra_body', 'litellm_params', 'model_kwargs'].map(normaliseKey));

function normaliseKey(k: string): string {
  // Short keys normalised before (a client sends the same few on every request) are looked up.
  if (k.length > NORMALISED_KEY_MAX) return k.toLowerCase().replace(/[^a-z0-9]/g, '');
  let n = normalised.get(k);
  if (n === undefined) {
    n = k.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (normalised.size >= NORMALISED_MAX) normalised.clear();
    normalised.set(k, n);
  }
  return n;
}

/** A copy of `body` without routing keys (top level and inside known containers). */
export function stripRoutingKeys(body: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(body)) {
    const nk = normaliseKey(k);
    if (ROUTING_KEYS.has(nk)) continue;
    out[k] = NESTED_CONTAINERS.has(nk) && isJsonObject(v) ? stripRoutingKeys(v) : v;
  }
  return out;
}

export function isRoutingKey(key: string): boolean {
  return ROUTING_KEYS.has(normaliseKey(key));
}
