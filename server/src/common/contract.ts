import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/** What a schema may depend on: option values read when the route runs (and when documented). */
export interface ContractContext {
  quotaPerUnit: number;
}

export type SchemaOf = z.ZodType | ((ctx: ContractContext) => z.ZodType);

/** A management route's contract: the schemas its controller parses with, for the OpenAPI document. */
export interface RouteContract {
  summary: string;
  body?: SchemaOf;
  query?: SchemaOf;
  /** The schema of the envelope's `data` on success; absent when there is none. */
  data?: z.ZodType;
  /** Fields the envelope carries beside `data` (new-api's shape: GET /api/pricing's `group_ratio`...). */
  beside?: z.ZodObject;
  /**
   * The route answers something else than the JSON envelope on success: a file, a page, a
   * redirect. Its refusals are still the envelope.
   */
  raw?: RawAnswer;
}

/** A success answer that is not the envelope. */
export interface RawAnswer {
  /** 200 unless said (302 for a redirect). */
  status?: number;
  /** The body's media type; absent for a redirect. */
  contentType?: string;
  description: string;
  /** The body's JSON schema when it is JSON (the OpenAPI document itself). */
  schema?: Record<string, unknown>;
}

export const CONTRACT = 'sluice:contract';

/**
 * Declares a route's contract. The controller still parses with `parseInput(schema, ...)` and the
 * same schema: this only lets the document generator (`openapi/openapi.document.ts`) find it.
 */
export const Contract = (c: RouteContract): MethodDecorator => SetMetadata(CONTRACT, c);

export function schemaIn(s: SchemaOf, ctx: ContractContext): z.ZodType {
  return typeof s === 'function' ? s(ctx) : s;
}
