import 'reflect-metadata';
import Fastify from 'fastify';
import type { HttpAdapterHost } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { docsOf, methodsOf, type RegisteredRoute } from '../relay/edge/relay-doc';
import { RELAY_ROUTES } from '../relay/edge/relay-route-table';
import { RelayRoutes } from '../relay/edge/relay-routes';
import { PlaygroundController } from '../relay/edge/playground.controller';
import { ENDPOINTS } from '../relay/pipeline/endpoints';
import { MJ_ROUTES, MjErrorSchema, SUNO_ROUTES, SunoErrorSchema } from '../tasks/task-route-table';
import { TaskRoutes } from '../tasks/task-routes';
import { anthropicErrorBody, encodeAnthropicMessage } from '../wire/anthropic-messages/anthropic-messages';
import { AnthropicErrorSchema, AnthropicMessageSchema } from '../wire/anthropic-messages/openapi';
import type { CanonicalChatResponse } from '../wire/canonical/chat';
import { DEFAULT_RELAY_LIMITS } from '../wire/canonical/limits';
import { reportedUsage } from '../wire/canonical/usage';
import type { ClientError } from '../wire/format';
import { encodeGeminiResponse, geminiErrorBody } from '../wire/gemini/gemini';
import { GeminiErrorSchema, GenerateContentResponseSchema } from '../wire/gemini/openapi';
import { encodeOpenAIChatResponse, openAIErrorBody } from '../wire/openai-chat/openai-chat';
import { ChatCompletionSchema, CompletionSchema, OpenAIErrorSchema, ResponseObjectSchema } from '../wire/openai-chat/openapi';
import { encodeOpenAICompletionResponse } from '../wire/openai-completions/openai-completions';
import { encodeResponsesResponse } from '../wire/openai-responses/openai-responses';
import { relayDocument, relayOperations } from './relay.document';
import { z } from 'zod';

const host = (fastify: ReturnType<typeof Fastify>) => ({ httpAdapter: { getInstance: () => fastify } }) as unknown as HttpAdapterHost;
const config = { relay: { bodyLimitBytes: 1024 } } as unknown as AppConfig;
const none = {} as never;

/** A route table's rows as the method and URL pairs Fastify should hold. */
const expected = (table: readonly { method: unknown; url: string }[]): string[] =>
  table.flatMap((r) => methodsOf(r as never).map((m) => `${m} ${r.url}`)).sort();
const seen = (registered: RegisteredRoute[]): string[] => registered.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.url}`).sort();

const ANSWER: CanonicalChatResponse = { id: 'a1', model: 'm', parts: [{ type: 'text', text: 'Hello' }], finishReason: 'stop', usage: reportedUsage({ promptTokens: 3, completionTokens: 2 }) };
const ERROR: ClientError = { status: 400, code: 'invalid_value', type: 'invalid_request_error', message: 'bad (request id: r1)', param: 'n' };

describe('the relay routes in the OpenAPI document', () => {
  it('registers exactly the rows of RELAY_ROUTES on Fastify (plus the CORS preflights)', async () => {
    const fastify = Fastify();
    const routes = new RelayRoutes(host(fastify), none, none, none, none, config);
    routes.onModuleInit();
    await fastify.ready();
    expect(seen(routes.registered)).toEqual(expected(RELAY_ROUTES));
    expect(routes.registered.filter((r) => r.method === 'OPTIONS').map((r) => r.url)).toEqual(['/v1/*', '/v1beta/*', '/dashboard/*']);
    await fastify.close();
  });

  it('registers exactly the rows of MJ_ROUTES and SUNO_ROUTES', async () => {
    const fastify = Fastify();
    const routes = new TaskRoutes(host(fastify), none, none, none, none, config);
    routes.onModuleInit();
    await fastify.ready();
    expect(seen(routes.registered)).toEqual(expected([...MJ_ROUTES, ...SUNO_ROUTES]));
    await fastify.close();
  });

  it('documents every table row, once per method and documented path, and the playground', () => {
    const ops = relayOperations([PlaygroundController]).map((o) => `${o.method} ${o.path}`);
    expect(new Set(ops).size).toBe(ops.length);
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /v1/chat/completions',
        'POST /v1beta/models/{model}:generateContent',
        'POST /v1beta/models/{model}:streamGenerateContent',
        'POST /v1/models/{model}:countTokens',
        'GET /v1/models/{model}',
        'DELETE /v1/models/{model}',
        'POST /{mode}/mj/submit/imagine',
        'GET /suno/fetch/{id}',
        'GET /v1/realtime',
        'POST /pg/chat/completions',
      ]),
    );
    const { paths } = relayDocument([PlaygroundController], (s) => z.toJSONSchema(s) as Record<string, unknown>);
    expect(Object.values(paths).flatMap((p) => Object.keys(p)).length).toBe(ops.length);
  });

  it("each error schema matches the body its format renders", () => {
    expect(OpenAIErrorSchema.parse(openAIErrorBody(ERROR))).toEqual(openAIErrorBody(ERROR));
    expect(AnthropicErrorSchema.safeParse(anthropicErrorBody(ERROR)).success).toBe(true);
    expect(GeminiErrorSchema.safeParse(geminiErrorBody(ERROR)).success).toBe(true);
    expect(MjErrorSchema.safeParse({ code: 4, description: 'x', type: 'invalid_request', result: null }).success).toBe(true);
    expect(SunoErrorSchema.safeParse({ code: 'invalid_request', message: 'x', data: null }).success).toBe(true);
    // A schema that would accept anything proves nothing.
    expect(OpenAIErrorSchema.safeParse(anthropicErrorBody(ERROR)).success).toBe(false);
    expect(AnthropicErrorSchema.safeParse(openAIErrorBody(ERROR)).success).toBe(false);
  });

  it('each answer schema matches what its format encodes', () => {
    expect(ChatCompletionSchema.safeParse(encodeOpenAIChatResponse(ANSWER, 1)).success).toBe(true);
    expect(CompletionSchema.safeParse(encodeOpenAICompletionResponse(ANSWER, 1)).success).toBe(true);
    expect(ResponseObjectSchema.safeParse(encodeResponsesResponse(ANSWER, 1)).success).toBe(true);
    expect(AnthropicMessageSchema.safeParse(encodeAnthropicMessage(ANSWER, 'm')).success).toBe(true);
    expect(GenerateContentResponseSchema.safeParse(encodeGeminiResponse(ANSWER, 'm')).success).toBe(true);
    expect(ChatCompletionSchema.safeParse(encodeResponsesResponse(ANSWER, 1)).success).toBe(false);
  });

  it("each example fits its documented schema and the relay's own parser takes it", () => {
    let checked = 0;
    for (const route of RELAY_ROUTES) {
      for (const doc of docsOf(route)) {
        if (doc.body?.example === undefined) continue;
        expect({ url: route.url, ok: doc.body.schema.safeParse(doc.body.example).success }).toEqual({ url: route.url, ok: true });
        const serve = route.serve;
        if (serve.kind === 'relay') expect(() => ENDPOINTS[serve.endpoint].parse(structuredClone(doc.body?.example), DEFAULT_RELAY_LIMITS, 'm')).not.toThrow();
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
