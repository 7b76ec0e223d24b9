import { realtimeUsage, subprotocolKey } from './realtime-usage';

describe('realtime usage', () => {
  it("reads OpenAI's response.done usage: input/output tokens with their audio and cached details", () => {
    const event = {
      type: 'response.done',
      response: {
        id: 'resp_1',
        usage: {
          total_tokens: 650,
          input_tokens: 300,
          output_tokens: 350,
          input_token_details: { cached_tokens: 64, text_tokens: 100, audio_tokens: 200, cached_tokens_details: { text_tokens: 64, audio_tokens: 0 } },
          output_token_details: { text_tokens: 50, audio_tokens: 300 },
        },
      },
    };
    expect(realtimeUsage(event)).toMatchObject({ promptTokens: 300, completionTokens: 350, cachedTokens: 64, audioTokens: 200, audioCompletionTokens: 300 });
  });

  it('is null when the response carries no usage (a failed or cancelled response may not)', () => {
    expect(realtimeUsage({ type: 'response.done', response: { id: 'r', usage: null } })).toBeNull();
    expect(realtimeUsage({ type: 'response.done' })).toBeNull();
  });

  it('keeps a missing or malformed count as missing, not 0', () => {
    expect(realtimeUsage({ response: { usage: { input_tokens: 'x', output_tokens: 5 } } })).toMatchObject({ promptTokens: null, completionTokens: 5, audioTokens: 0 });
  });
});

describe('subprotocol key', () => {
  it('finds the key among the browser subprotocols', () => {
    expect(subprotocolKey('realtime, openai-insecure-api-key.sk-abc, openai-beta.realtime-v1')).toBe('sk-abc');
    expect(subprotocolKey(['realtime', 'openai-insecure-api-key.sk-x'])).toBe('sk-x');
  });
  it('is null without one', () => {
    expect(subprotocolKey('realtime, openai-beta.realtime-v1')).toBeNull();
    expect(subprotocolKey(undefined)).toBeNull();
    expect(subprotocolKey('openai-insecure-api-key.')).toBeNull();
  });
});
