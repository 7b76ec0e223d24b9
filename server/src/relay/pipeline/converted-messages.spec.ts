import { clientJson, fixtureText, response } from '../adaptors/__fixtures__/replay';
import { claudeAdaptor } from '../adaptors/claude/claude.adaptor';
import { geminiAdaptor } from '../adaptors/gemini/gemini.adaptor';
import { openaiAdaptor } from '../adaptors/openai/openai.adaptor';
import type { ChannelContext } from '../adaptors/types';
import { parseGeminiRequest } from '../../wire/gemini/parse';
import { parseMessagesRequest } from '../../wire/anthropic-messages/parse';
import * as convertedGemini from './converted-gemini';
import * as convertedMessages from './converted-messages';

/*
 * Whole answers of a channel whose wire is not the client's: a native provider's canonical answer
 * goes straight to the client's format (no OpenAI JSON between), an OpenAI-wire answer is decoded
 * first; the figures billing reads are the adaptor's either way.
 */

const ctx = (type: 1 | 14 | 24, upstreamModel: string): ChannelContext => ({ type, baseUrl: '', key: 'sk-test-0123456789', upstreamModel, other: '', organization: '' });
const messages = parseMessagesRequest({ body: { model: 'public', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }, anthropicVersion: null, anthropicBeta: null });
const gemini = parseGeminiRequest({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, undefined, 'public');

describe('converted whole answers', () => {
  it('a Gemini answer to an Anthropic client: thinking and text blocks, Anthropic usage, billing figures from Google\'s usage', () => {
    const parsed = convertedMessages.parseResponse(geminiAdaptor, messages, response(fixtureText(`${__dirname}/../adaptors/gemini`, 'generate-content-thinking.json')), ctx(24, 'gemini-2.5-pro'));
    expect(clientJson(parsed)).toMatchObject({
      id: 'msg_chatcmpl-think-response-1',
      type: 'message',
      model: 'public',
      content: [
        { type: 'thinking', thinking: '**Counting the primes**\n\nI list the primes below 10.' },
        { type: 'text', text: 'There are 4 prime numbers below 10: 2, 3, 5 and 7.' },
      ],
      stop_reason: 'end_turn',
      // input excludes the cached content; output is candidates + thoughts.
      usage: { input_tokens: 1024, output_tokens: 220, cache_read_input_tokens: 1024 },
    });
    expect(parsed).toMatchObject({ usage: { promptTokens: 2048, completionTokens: 220, cachedTokens: 1024, reasoningTokens: 200 }, finishReason: 'stop', toolCalls: 0 });
  });

  it('a Claude tool_use answer to a Gemini client: text and a whole functionCall, Google\'s usage metadata, the cache figures kept for billing', () => {
    const parsed = convertedGemini.parseResponse(claudeAdaptor, gemini, response(fixtureText(`${__dirname}/../adaptors/claude`, 'message-tool-use-response.json')), ctx(14, 'claude-sonnet-4'));
    expect(clientJson(parsed)).toMatchObject({
      candidates: [
        {
          content: {
            role: 'model',
            parts: [
              { text: "I'll check the current weather in San Francisco for you." },
              { functionCall: { id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', args: { location: 'San Francisco, CA', unit: 'celsius' } } },
            ],
          },
        },
      ],
      usageMetadata: { promptTokenCount: 2098, candidatesTokenCount: 83, cachedContentTokenCount: 1800 },
    });
    expect(parsed).toMatchObject({ usage: { promptTokens: 2098, cachedTokens: 1800, cacheCreationTokens: 248, cacheCreation1hTokens: 200, completionTokens: 83 }, toolCalls: 1 });
  });

  it('an OpenAI-wire answer is decoded first; its figures are the adaptor\'s', () => {
    const text = fixtureText(`${__dirname}/../adaptors/openai`, 'chat-response.json');
    const parsed = convertedMessages.parseResponse(openaiAdaptor, messages, response(text), ctx(1, 'gpt-4.1'));
    expect(clientJson(parsed)).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'Hello! How can I assist you today?' }], usage: { input_tokens: 19, output_tokens: 10 } });
    expect(parsed).toMatchObject({ usage: { promptTokens: 19, completionTokens: 10 }, outputText: 'Hello! How can I assist you today?' });
  });

  it('an answer that is not one fails without a body', () => {
    expect(convertedMessages.parseResponse(claudeAdaptor, messages, response('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'), ctx(14, 'c'))).toMatchObject({ ok: false });
  });
});
