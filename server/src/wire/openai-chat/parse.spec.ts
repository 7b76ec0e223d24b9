import { DEFAULT_RELAY_LIMITS } from '../canonical/limits';
import { parseChatRequest, parseCompletionRequest, parseResponsesRequest } from './parse';
import { rejection } from '../canonical/__fixtures__/rejection';

const msgs = [{ role: 'user', content: 'hi' }];

describe('parseChatRequest', () => {
  it('reads the fields the relay needs and keeps unknown ones for the upstream', () => {
    const req = parseChatRequest({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'be brief', name: 'ops' },
        { role: 'user', content: [{ type: 'text', text: 'what is this' }, { type: 'image_url', image_url: { url: 'https://x/y.png', detail: 'low' } }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
      ],
      n: 2,
      max_tokens: 100,
      max_completion_tokens: 300,
      tools: [{ type: 'function', function: { name: 'f' } }],
      seed: 7,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(req).toMatchObject({ endpoint: 'chat', model: 'gpt-4o', n: 2, maxOutputTokens: 300, stream: true, clientIncludeUsage: true, toolCount: 1 });
    expect(req.messages[0]).toEqual({ role: 'system', name: 'ops', parts: [{ type: 'text', text: 'be brief' }], toolCallText: '' });
    expect(req.messages[1]?.parts).toEqual([
      { type: 'text', text: 'what is this' },
      { type: 'image', detail: 'low' },
    ]);
    expect(req.messages[2]?.toolCallText).toBe('f{"a":1}');
    expect(req.body.seed).toBe(7);
  });

  it.each([
    [{ n: 0 }, 'n', 'integer_below_min_value'],
    [{ n: DEFAULT_RELAY_LIMITS.maxN + 1 }, 'n', 'integer_above_max_value'],
    [{ n: 1.5 }, 'n', 'invalid_type'],
    [{ n: '2' }, 'n', 'invalid_type'],
    [{ max_tokens: -1 }, 'max_tokens', 'integer_below_min_value'],
    [{ max_tokens: DEFAULT_RELAY_LIMITS.maxOutputTokens + 1 }, 'max_tokens', 'integer_above_max_value'],
    [{ max_completion_tokens: 1e300 }, 'max_completion_tokens', 'invalid_type'],
    [{ max_tokens: Number.NaN }, 'max_tokens', 'invalid_type'],
    [{ stream: 'true' }, 'stream', 'invalid_type'],
  ])('bounds every multiplier with a 400: %j', (extra, param, code) => {
    const err = rejection(() => parseChatRequest({ model: 'gpt-4o', messages: msgs, ...extra }));
    expect(err).toMatchObject({ status: 400, param, code });
  });

  it('requires a model and messages, and a role on each message', () => {
    expect(rejection(() => parseChatRequest({ messages: msgs }))).toMatchObject({ param: 'model', code: 'missing_required_parameter' });
    expect(rejection(() => parseChatRequest({ model: 'm', messages: [] }))).toMatchObject({ param: 'messages' });
    expect(rejection(() => parseChatRequest({ model: 'm', messages: [{ content: 'x' }] }))).toMatchObject({ param: 'messages[0].role' });
    expect(rejection(() => parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 5 }] }))).toMatchObject({ param: 'messages[0].content' });
    expect(rejection(() => parseChatRequest({ model: 'x'.repeat(257), messages: msgs }))).toMatchObject({ code: 'string_above_max_length' });
    expect(rejection(() => parseChatRequest([1, 2]))).toMatchObject({ code: 'invalid_request_body', param: null });
  });

  it('treats max_tokens 0 (the playground default) as unset and removes it', () => {
    const req = parseChatRequest({ model: 'm', messages: msgs, max_tokens: 0 });
    expect(req.maxOutputTokens).toBeNull();
    expect(req.body).not.toHaveProperty('max_tokens');
  });

  it('never lets the body carry a destination or credentials', () => {
    const req = parseChatRequest({
      model: 'm',
      messages: msgs,
      base_url: 'https://evil.example',
      baseURL: 'https://evil.example',
      'api-key': 'sk-x',
      apiKey: 'sk-x',
      extra_headers: { Authorization: 'Bearer x' },
      extra_body: { api_base: 'https://evil.example', top_k: 3, litellm_params: { api_key: 'k', keep: 1 } },
      metadata: { api_key: 'a user tag, not a credential' },
    });
    expect(Object.keys(req.body).sort()).toEqual(['extra_body', 'messages', 'metadata', 'model']);
    expect(req.body.extra_body).toEqual({ top_k: 3, litellm_params: { keep: 1 } });
  });

  it('drops stream_options when not streaming; defaults include_usage to false', () => {
    const plain = parseChatRequest({ model: 'm', messages: msgs, stream_options: { include_usage: true } });
    expect(plain.body).not.toHaveProperty('stream_options');
    expect(plain.clientIncludeUsage).toBe(false);
    expect(parseChatRequest({ model: 'm', messages: msgs, stream: true }).clientIncludeUsage).toBe(false);
  });

  it('honours tighter configured limits', () => {
    expect(rejection(() => parseChatRequest({ model: 'm', messages: msgs, n: 5 }, { ...DEFAULT_RELAY_LIMITS, maxN: 4 }))).toMatchObject({
      code: 'integer_above_max_value',
      params: { field: 'n', max: 4 },
    });
  });
});

describe('parseCompletionRequest', () => {
  it('reads prompts and bounds best_of', () => {
    const req = parseCompletionRequest({ model: 'gpt-3.5-turbo-instruct', prompt: ['a', 'b'], n: 2, best_of: 3, max_tokens: 16 });
    expect(req).toMatchObject({ prompts: ['a', 'b'], n: 2, bestOf: 3, maxOutputTokens: 16, promptTokenArrays: 0 });
    expect(parseCompletionRequest({ model: 'm', prompt: [[1, 2, 3], [4]] }).promptTokenArrays).toBe(4);
    expect(rejection(() => parseCompletionRequest({ model: 'm', prompt: 'a', best_of: 21 }))).toMatchObject({ param: 'best_of', code: 'integer_above_max_value' });
    expect(rejection(() => parseCompletionRequest({ model: 'm', prompt: 'a', n: 3, best_of: 2 }))).toMatchObject({ param: 'best_of', code: 'invalid_value' });
    expect(rejection(() => parseCompletionRequest({ model: 'm', prompt: 'a', best_of: 2, stream: true }))).toMatchObject({ param: 'best_of' });
    expect(rejection(() => parseCompletionRequest({ model: 'm' }))).toMatchObject({ param: 'prompt', code: 'missing_required_parameter' });
    expect(rejection(() => parseCompletionRequest({ model: 'm', prompt: { x: 1 } }))).toMatchObject({ param: 'prompt', code: 'invalid_type' });
  });
});

describe('parseResponsesRequest', () => {
  it('collects input text, images and tools, and bounds max_output_tokens', () => {
    const req = parseResponsesRequest({
      model: 'gpt-4.1',
      instructions: 'be kind',
      input: [{ role: 'user', content: [{ type: 'input_text', text: 'describe' }, { type: 'input_image', image_url: 'https://x/y.png' }] }],
      tools: [{ type: 'web_search' }],
      max_output_tokens: 500,
      stream: true,
    });
    expect(req).toMatchObject({ inputTexts: ['be kind', 'describe'], inputImages: 1, toolCount: 1, maxOutputTokens: 500, stream: true });
    expect(rejection(() => parseResponsesRequest({ model: 'm', input: 'x', max_output_tokens: -5 }))).toMatchObject({ param: 'max_output_tokens' });
    expect(rejection(() => parseResponsesRequest({ model: 'm', input: 5 }))).toMatchObject({ param: 'input', code: 'invalid_type' });
  });
});
