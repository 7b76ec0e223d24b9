import { parseChatRequest, parseResponsesRequest } from '../../../wire/openai-chat/parse';
import { parseEmbeddingRequest } from '../../../wire/openai-media/parse-misc';
import { ClientUsageFilter } from '../../../wire/framing/sse/stream-usage';
import { context, fixtureText, replayStream, response } from '../__fixtures__/replay';
import { ChannelConfigError } from '../errors';
import { AZURE_DEFAULT_API_VERSION, azureAdaptor, azureDeployment } from './azure.adaptor';

const base = 'https://my-resource.openai.azure.com/';
const ctx = (other = '', upstreamModel = 'gpt-3.5-turbo') => context(3, { baseUrl: base, other, upstreamModel, key: 'azure-key-0123456789abcdef' });
const req = (stream = false) => parseChatRequest({ model: 'gpt-3.5-turbo', messages: [{ role: 'user', content: 'hi' }], stream });

describe('Azure OpenAI adaptor (type 3)', () => {
  it('addresses the deployment (model without dots) with the api-version, the key in api-key', () => {
    const built = azureAdaptor.buildTextRequest(req(), ctx('2024-10-21'));
    expect(built.url).toBe('https://my-resource.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-10-21');
    expect(built.headers).toEqual({ 'api-key': 'azure-key-0123456789abcdef', 'Content-Type': 'application/json', Accept: '*/*' });
    expect(azureDeployment('gpt-4.1-mini')).toBe('gpt-41-mini');
  });

  it('uses the default api-version when the channel leaves it empty', () => {
    expect(azureAdaptor.buildTextRequest(req(), ctx('  ')).url).toBe(
      `https://my-resource.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=${AZURE_DEFAULT_API_VERSION}`,
    );
  });

  it('asks for stream usage only on api-versions that accept stream_options', () => {
    const old = JSON.parse(azureAdaptor.buildTextRequest(req(true), ctx('2024-06-01')).body as string);
    expect(old.stream_options).toBeUndefined();
    const preview = JSON.parse(azureAdaptor.buildTextRequest(req(true), ctx('2024-09-01-preview')).body as string);
    expect(preview.stream_options).toEqual({ include_usage: true });
    const ga = JSON.parse(azureAdaptor.buildTextRequest(req(true), ctx('2025-04-01-preview')).body as string);
    expect(ga.stream_options).toEqual({ include_usage: true });
  });

  it('refuses to build without an endpoint (a channel error, not a request to a default host)', () => {
    expect(() => azureAdaptor.buildTextRequest(req(), context(3, { baseUrl: '' }))).toThrow(ChannelConfigError);
  });

  it('routes embeddings and the Responses API', () => {
    const emb = parseEmbeddingRequest({ model: 'text-embedding-3-small', input: 'x' });
    expect(azureAdaptor.embeddings?.buildRequest(emb, ctx('2024-10-21', 'text-embedding-3-small')).url).toBe(
      'https://my-resource.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-10-21',
    );
    const resp = parseResponsesRequest({ model: 'gpt-4.1', input: 'hi' });
    expect(azureAdaptor.responses?.buildRequest(resp, ctx('', 'gpt-4.1')).url).toBe('https://my-resource.openai.azure.com/openai/v1/responses');
    expect(azureAdaptor.moderations).toBeUndefined();
    expect(azureAdaptor.models).toBeUndefined();
  });

  it('reads the documented response', () => {
    expect(azureAdaptor.parseTextResponse(req(), response(fixtureText(__dirname, 'chat-response.json')), ctx())).toMatchObject({
      ok: true,
      usage: { promptTokens: 33, completionTokens: 557 },
      finishReason: 'stop',
    });
  });

  it('keeps the prompt-filter chunk (empty choices, no usage) and hides only the usage chunk', () => {
    const r = req(true);
    const steps = replayStream(fixtureText(__dirname, 'chat-stream.sse'), (e) => azureAdaptor.parseTextStreamEvent(r, e, ctx()));
    expect(steps.find((s) => s.usage)?.usage).toMatchObject({ promptTokens: 18, completionTokens: 2 });
    const filter = new ClientUsageFilter(false);
    const sent = steps.flatMap((s) => (s.forward ? [filter.filter(s.forward.data)] : [])).filter((c) => c !== null);
    expect(sent).toHaveLength(4);
    expect(sent[0]).toHaveProperty('prompt_filter_results');
    expect(steps.map((s) => s.text).join('')).toBe('Hello');
  });

  it('maps Azure errors: content filter is a bad request, 401 disables, the key never shows', () => {
    expect(azureAdaptor.mapError({ status: 400, text: fixtureText(__dirname, 'error-content-filter.json') }, ctx())).toMatchObject({
      class: 'bad_request',
      code: 'content_filter',
      disableChannel: false,
      retryable: false,
    });
    const denied = azureAdaptor.mapError({ status: 401, text: fixtureText(__dirname, 'error-401.json') }, ctx());
    expect(denied).toMatchObject({ class: 'auth', disableChannel: true, code: '401' });
    const echo = azureAdaptor.mapError({ status: 401, text: '{"error":{"message":"bad key azure-key-0123456789abcdef"}}' }, ctx());
    expect(echo.message).toBe('bad key ***');
  });
});
