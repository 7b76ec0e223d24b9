import { z } from 'zod';
import { DEFAULT_RELAY_LIMITS as L } from '../canonical/limits';

/**
 * Google's Generative Language wire as parse.ts reads it and gemini.ts writes it, for the OpenAPI
 * document. Fields are taken in camelCase or snake_case; the body is forwarded as sent to Gemini
 * channels (routing keys removed).
 */

const part = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().optional(), fileUri: z.string() }).optional(),
  functionCall: z.looseObject({ name: z.string(), args: z.looseObject({}).optional() }).optional(),
  functionResponse: z.looseObject({ name: z.string(), response: z.looseObject({}).optional() }).optional(),
});
const content = z.looseObject({ role: z.string().optional().describe('`user` or `model`'), parts: z.array(part) });

const generateFields = {
  systemInstruction: z.looseObject({ parts: z.array(part) }).optional(),
  generationConfig: z
    .looseObject({
      maxOutputTokens: z.number().int().min(1).max(L.maxOutputTokens).optional(),
      candidateCount: z.number().int().min(1).max(L.maxN).optional(),
    })
    .optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(z.looseObject({})).optional() })).optional(),
};

export const GenerateContentRequestSchema = z
  .looseObject({ contents: z.array(content), ...generateFields })
  .meta({ id: 'GeminiGenerateContentRequest' });

export const GeminiCountTokensRequestSchema = z
  .looseObject({
    contents: z.array(content).optional(),
    generateContentRequest: z.looseObject({ contents: z.array(content).optional(), ...generateFields }).optional(),
  })
  .meta({ id: 'GeminiCountTokensRequest' });

export const GeminiCountTokensSchema = z.looseObject({ totalTokens: z.number().int() }).meta({ id: 'GeminiCountTokens' });

export const GenerateContentResponseSchema = z
  .looseObject({
    candidates: z.array(
      z.looseObject({
        content: z.looseObject({ role: z.string(), parts: z.array(part) }),
        index: z.number().int(),
        finishReason: z.string().optional(),
      }),
    ),
    usageMetadata: z.looseObject({ promptTokenCount: z.number().int(), candidatesTokenCount: z.number().int(), totalTokenCount: z.number().int() }).optional(),
    modelVersion: z.string().optional(),
    responseId: z.string().optional(),
  })
  .meta({ id: 'GeminiGenerateContentResponse' });

export const EmbedContentRequestSchema = z
  .looseObject({ content: z.looseObject({ parts: z.array(z.looseObject({ text: z.string() })) }), outputDimensionality: z.number().int().optional() })
  .meta({ id: 'GeminiEmbedContentRequest' });

export const BatchEmbedContentsRequestSchema = z
  .looseObject({ requests: z.array(EmbedContentRequestSchema) })
  .meta({ id: 'GeminiBatchEmbedContentsRequest' });

export const EmbedContentSchema = z.looseObject({ embedding: z.looseObject({ values: z.array(z.number()) }) }).meta({ id: 'GeminiEmbedContent' });

export const BatchEmbedContentsSchema = z
  .looseObject({ embeddings: z.array(z.looseObject({ values: z.array(z.number()) })) })
  .meta({ id: 'GeminiBatchEmbedContents' });

/** `{error:{code,message,status,details}}` (geminiErrorBody). */
export const GeminiErrorSchema = z
  .object({
    error: z.object({
      code: z.number().int().describe('The HTTP status'),
      message: z.string(),
      status: z.string().describe('The google.rpc status: `INVALID_ARGUMENT`, `UNAUTHENTICATED`, `PERMISSION_DENIED`, `NOT_FOUND`, `RESOURCE_EXHAUSTED`, `INTERNAL`, `UNAVAILABLE`, ...'),
      details: z
        .array(z.looseObject({ '@type': z.string() }))
        .optional()
        .describe('`google.rpc.ErrorInfo` with `reason` (the gateway\'s code), `google.rpc.BadRequest` with `fieldViolations`'),
    }),
  })
  .meta({ id: 'GeminiError' });

export const GeminiModelSchema = z.looseObject({ name: z.string().describe('`models/<id>`'), supportedGenerationMethods: z.array(z.string()).optional() }).meta({ id: 'GeminiModel' });

export const GeminiModelListSchema = z.looseObject({ models: z.array(GeminiModelSchema) }).meta({ id: 'GeminiModelList' });

export const GEMINI_EXAMPLE = { contents: [{ role: 'user', parts: [{ text: 'Say hello' }] }] };
