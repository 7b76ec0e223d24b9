import { geminiAdaptor } from '../adaptors/gemini/gemini.adaptor';
import { openaiAdaptor } from '../adaptors/openai/openai.adaptor';
import type { Adaptor, ChannelContext, TextRequest } from '../adaptors/types';
import { parseMessagesRequest } from '../../wire/anthropic-messages/parse';
import { PROMPT_FIELDS, streamView, type StreamView } from '../../wire/canonical/request';
import { parseChatRequest, parseResponsesRequest } from '../../wire/openai-chat/parse';
import type { SseEvent } from '../../wire/framing/sse/sse-parser';
import { ENDPOINTS } from './endpoints';

/*
 * A streamed answer's readers live as long as the stream; the request is let go at its first byte
 * (HeldRequest). So every reader the endpoint table opens gets the request's view: no prompt.
 */

const ctx: ChannelContext = { type: 1, baseUrl: '', key: 'sk-test', upstreamModel: 'gpt-4o-mini', other: '', organization: '' };
const prompt = 'a long prompt '.repeat(100);
const chunk: SseEvent = { event: '', id: '', data: JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { content: 'hi' }, finish_reason: null }] }) };

/** The keys of what a reader was given that carry the prompt (none expected), and the prompt anywhere in it. */
function promptIn(seen: unknown): { fields: string[]; text: boolean } {
  const o = seen as Record<string, unknown>;
  return { fields: PROMPT_FIELDS.filter((k) => k in o), text: JSON.stringify(o).includes('a long prompt') };
}

/** An adaptor recording the request its stream readers get. */
function recording(base: Adaptor): { adaptor: Adaptor; seen: StreamView<TextRequest>[] } {
  const seen: StreamView<TextRequest>[] = [];
  const adaptor: Adaptor = {
    ...base,
    parseTextStreamEvent: (req, ev, c) => {
      seen.push(req);
      return base.parseTextStreamEvent(req, ev, c);
    },
    ...(base.openTextStream
      ? {
          openTextStream: (req: StreamView<TextRequest>, c: ChannelContext) => {
            seen.push(req);
            return base.openTextStream!(req, c);
          },
        }
      : {}),
  };
  return { adaptor, seen };
}

describe('the stream readers the endpoint table opens', () => {
  it('an OpenAI-wire chat stream: the parser gets the model and the stream fields, not the prompt', () => {
    const { adaptor, seen } = recording(openaiAdaptor);
    const req = parseChatRequest({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }], stream: true, n: 2 });
    const parse = ENDPOINTS.chat.openStream!(adaptor, req, ctx);
    expect(parse(chunk).forward).not.toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ endpoint: 'chat', model: 'gpt-4o-mini', stream: true, n: 2 });
    expect(promptIn(seen[0])).toEqual({ fields: [], text: false });
    // The request itself is untouched: a failover before the first byte still builds from it.
    expect(req.messages).toHaveLength(1);
    expect(JSON.stringify(req.body)).toContain('a long prompt');
  });

  it('a native provider with a parser per answer (Gemini) gets the view too', () => {
    const { adaptor, seen } = recording(geminiAdaptor);
    const req = parseChatRequest({ model: 'gemini-2.0-flash', messages: [{ role: 'user', content: prompt }], stream: true });
    ENDPOINTS.chat.openStream!(adaptor, req, ctx);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ model: 'gemini-2.0-flash', n: 1 });
    expect(promptIn(seen[0])).toEqual({ fields: [], text: false });
  });

  it('a converted stream (Anthropic client, OpenAI channel): the chat the parser reads has no prompt', () => {
    const { adaptor, seen } = recording(openaiAdaptor);
    const req = parseMessagesRequest({ model: 'gpt-4o-mini', max_tokens: 64, stream: true, messages: [{ role: 'user', content: prompt }] });
    const parse = ENDPOINTS.messages.openStream!(adaptor, req, ctx);
    parse(chunk);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ endpoint: 'chat', model: 'gpt-4o-mini', stream: true });
    expect(promptIn(seen[0])).toEqual({ fields: [], text: false });
  });

  it('a Responses stream passed through (stateless parser) gets the view', () => {
    const seen: unknown[] = [];
    const responses = openaiAdaptor.responses!;
    const adaptor: Adaptor = {
      ...openaiAdaptor,
      responses: {
        ...responses,
        parseStreamEvent: (req, ev, c) => {
          seen.push(req);
          return responses.parseStreamEvent(req, ev, c);
        },
      },
    };
    const req = parseResponsesRequest({ model: 'gpt-4o-mini', input: prompt, stream: true });
    const parse = ENDPOINTS.responses.openStream!(adaptor, req, ctx);
    parse({ event: 'response.output_text.delta', id: '', data: JSON.stringify({ type: 'response.output_text.delta', delta: 'hi' }) });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ endpoint: 'responses', model: 'gpt-4o-mini', stream: true });
    expect(promptIn(seen[0])).toEqual({ fields: [], text: false });
  });
});

describe('streamView', () => {
  it('copies every field but the prompt ones, and reads none of those (some are built on first read)', () => {
    let built = 0;
    const req = {
      endpoint: 'chat' as const,
      model: 'm',
      stream: true,
      clientIncludeUsage: true,
      n: 1,
      maxOutputTokens: 10,
      toolCount: 0,
      get body() {
        built++;
        return { messages: [] };
      },
      get messages() {
        built++;
        return [];
      },
    };
    const view = streamView(req as unknown as TextRequest);
    expect(view).toEqual({ endpoint: 'chat', model: 'm', stream: true, clientIncludeUsage: true, n: 1, maxOutputTokens: 10, toolCount: 0 });
    expect(built).toBe(0);
  });
});
