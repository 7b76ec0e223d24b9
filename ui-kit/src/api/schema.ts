// The management API's types as the server documents them (GET /api/openapi.json), generated
// into openapi.gen.ts by `npm run api:types`. The console and the kit name server JSON through
// these helpers instead of writing its shape by hand; a changed route schema then fails their
// typecheck where it matters.
import type { components, operations, paths } from './openapi.gen';

export type { paths as SluiceApiPaths, components as SluiceApiComponents, operations as SluiceApiOperations };

/** Every named schema of the document (`.meta({ id })` on the server's zod schema). */
export type ApiSchemas = components['schemas'];

/** One named schema: `ApiSchema<'Token'>` is a token as GET /api/token answers it. */
export type ApiSchema<Name extends keyof ApiSchemas> = ApiSchemas[Name];

/** Every documented path, in the document's spelling (`/api/token/{id}`). */
export type ApiPath = keyof paths;

export type ApiMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** The methods a path documents. */
export type ApiMethodOf<P extends ApiPath> = {
  [M in ApiMethod]: paths[P][M] extends { responses: unknown } ? M : never;
}[ApiMethod];

type Operation<P extends ApiPath, M extends ApiMethodOf<P>> = paths[P][M];

/** The whole JSON answer when the call succeeds: the envelope, with any field beside `data`. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethodOf<P>> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer E } } } } ? E : unknown;

/** The envelope's `data` when the call succeeds (`unknown` where the route documents none). */
export type ApiData<P extends ApiPath, M extends ApiMethodOf<P>> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer E } } } }
    ? E extends { data: infer D }
      ? D
      : unknown
    : unknown;

/** The JSON body a route takes (`never` where it takes none). */
export type ApiBody<P extends ApiPath, M extends ApiMethodOf<P>> =
  RequestBodyOf<Operation<P, M>> extends infer R
    ? [R] extends [never]
      ? never
      : R extends { content: { 'application/json': infer B } }
        ? B
        : never
    : never;

type RequestBodyOf<O> = O extends { requestBody?: infer R } ? NonNullable<R> : never;

/** The query parameters a route reads (`never` where it reads none). */
export type ApiQuery<P extends ApiPath, M extends ApiMethodOf<P>> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;

/** The stable refusal codes (`{success: false, code}`), e.g. `token.quota_exceed_max`. */
export type ApiErrorCode = ApiSchemas['ErrorEnvelope']['code'];
