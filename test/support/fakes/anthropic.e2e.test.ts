import Anthropic from '@anthropic-ai/sdk';
import { FakeAnthropic } from './anthropic';

/**
 * The fake Anthropic must speak the protocol real clients expect: the official SDK drives it
 * here (whole answers, its stream helper, a tool round trip, typed errors), so the relay tests
 * that use it exercise the wire format of production.
 */
describe('FakeAnthropic upstream', () => {
  const key = 'sk-ant-fake-0123456789abcdef';
  let fake: FakeAnthropic;
  let client: Anthropic;

  beforeAll(async () => {
    fake = await new FakeAnthropic({ key, reply: 'Hi there friend.', inputTokens: 21, toolInput: { city: 'Paris' } }).start();
    client = new Anthropic({ apiKey: key, baseURL: fake.url, maxRetries: 0 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  it('answers a message with usage; the SDK sent its key and an anthropic-version', async () => {
    const msg = await client.messages.create({ model: 'claude-sonnet-4-20250514', max_tokens: 64, system: 'Be brief.', messages: [{ role: 'user', content: 'Hello' }] });
    expect(msg.content).toEqual([{ type: 'text', text: 'Hi there friend.' }]);
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', model: 'claude-sonnet-4-20250514', stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 3 } });
    const h = fake.last().headers;
    expect(h['x-api-key'] ?? h.authorization).toMatch(new RegExp(`^(Bearer )?${key}$`));
    expect(h['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fake.last().json).toMatchObject({ system: 'Be brief.', max_tokens: 64 });
  });

  it('streams the documented events; the SDK stream helper rebuilds the same message', async () => {
    const stream = client.messages.stream({ model: 'claude-sonnet-4-20250514', max_tokens: 64, messages: [{ role: 'user', content: 'Hello' }] });
    const types: string[] = [];
    let text = '';
    stream.on('streamEvent', (e) => types.push(e.type));
    stream.on('text', (t) => (text += t));
    const final = await stream.finalMessage();
    expect(text).toBe('Hi there friend.');
    expect(final).toMatchObject({ stop_reason: 'end_turn', usage: { input_tokens: 21, output_tokens: 3 }, content: [{ type: 'text', text: 'Hi there friend.' }] });
    expect(types[0]).toBe('message_start');
    expect(types.at(-1)).toBe('message_stop');
    expect(types).toContain('message_delta');
  });

  it('a tool round trip: tool_use (streamed input fragments rebuilt by the SDK), then the result answered', async () => {
    const tools: Anthropic.Tool[] = [{ name: 'get_weather', description: 'Weather by city', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }];
    const first = await client.messages.stream({ model: 'claude-sonnet-4-20250514', max_tokens: 64, tools, messages: [{ role: 'user', content: 'Weather in Paris?' }] }).finalMessage();
    expect(first.stop_reason).toBe('tool_use');
    const call = first.content[0];
    if (call?.type !== 'tool_use') throw new Error('expected a tool_use block');
    expect(call).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
    const second = await client.messages.create({
      model: 'claude-sonnet-4-20250514',
      max_tokens: 64,
      tools,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: first.content },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: call.id, content: '18C and sunny' }] },
      ],
    });
    expect(second.content).toEqual([{ type: 'text', text: 'Tool result: 18C and sunny' }]);
  });

  it('errors are typed by the SDK: bad key 401, invalid request 400, overloaded 529', async () => {
    const bad = new Anthropic({ apiKey: 'sk-ant-wrong', baseURL: fake.url, maxRetries: 0 });
    await expect(bad.messages.create({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    await expect(client.messages.create({ model: 'm', max_tokens: 8, messages: [] })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    fake.next({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
    const err = await client.messages.create({ model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.APIError);
    expect(err).toMatchObject({ status: 529, error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } });
  });
});
