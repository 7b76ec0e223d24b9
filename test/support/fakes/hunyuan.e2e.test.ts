import { Agent } from 'node:http';
import { connect } from 'node:net';
import { hunyuan } from 'tencentcloud-sdk-nodejs-hunyuan';
import { FakeHunyuan } from './hunyuan';

/**
 * The fake Tencent Cloud endpoint must verify signatures the way Tencent does: the official
 * `tencentcloud-sdk-nodejs-hunyuan` client signs its ChatCompletions calls (TC3-HMAC-SHA256) and the
 * fake accepts them, refuses the same client with a wrong secret, and answers whole and streamed
 * in the shapes the SDK parses. The client addresses the real host name; an agent carries its
 * connections to the loopback fake, so host and service in the signature are Tencent's own.
 */
describe('FakeHunyuan endpoint, driven by the official Tencent Cloud SDK', () => {
  const secretId = 'AKIDsdkProofHunyuan0123456789';
  const secretKey = 'sdkProofHunyuanSecretKey0123456789';
  let fake: FakeHunyuan;
  let agent: Agent;

  const client = (key = secretKey) =>
    new hunyuan.v20230901.Client({
      credential: { secretId, secretKey: key },
      region: '',
      profile: { httpProfile: { endpoint: 'hunyuan.tencentcloudapi.com', protocol: 'http://', agent, reqTimeout: 10 } },
    });

  beforeAll(async () => {
    fake = await new FakeHunyuan({ secretId, secretKey, reply: 'Hello from Hunyuan here.' }).start();
    const port = Number(new URL(fake.url).port);
    agent = new Agent();
    (agent as unknown as { createConnection: () => unknown }).createConnection = () => connect(port, '127.0.0.1');
  });
  afterAll(async () => {
    agent.destroy();
    await fake.stop();
  });
  beforeEach(() => fake.reset());

  it("the SDK's signed ChatCompletions verifies; the answer and usage parse", async () => {
    const answer = await client().ChatCompletions({ Model: 'hunyuan-lite', Messages: [{ Role: 'system', Content: 'Be brief.' }, { Role: 'user', Content: 'Say hello please' }] });
    expect(answer.Choices?.[0]?.Message?.Content).toBe('Hello from Hunyuan here.');
    expect(answer.Choices?.[0]?.FinishReason).toBe('stop');
    expect(answer.Usage).toEqual({ PromptTokens: 5, CompletionTokens: 4, TotalTokens: 9 });
    const sent = fake.last();
    expect(sent.headers.host).toBe('hunyuan.tencentcloudapi.com');
    expect(sent.headers['x-tc-action']).toBe('ChatCompletions');
    expect(sent.headers['x-tc-version']).toBe('2023-09-01');
    expect(String(sent.headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDsdkProofHunyuan0123456789\/\d{4}-\d{2}-\d{2}\/hunyuan\/tc3_request, SignedHeaders=[a-z;-]+, Signature=[0-9a-f]{64}$/);
  });

  it("a wrong secret is refused with the API's AuthFailure.SignatureFailure, which the SDK raises", async () => {
    const err = await client('notTheSecretKey0123456789abcdefgh').ChatCompletions({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'x' }] }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'AuthFailure.SignatureFailure' });
  });

  it('a stream the SDK reads as server-sent events, usage on each chunk and stop on the last', async () => {
    const stream = (await client().ChatCompletions({ Model: 'hunyuan-lite', Messages: [{ Role: 'user', Content: 'Say hello please' }], Stream: true })) as unknown as AsyncIterable<{ data: string }>;
    const chunks: { Choices: { Delta: { Content: string }; FinishReason: string }[]; Usage: { CompletionTokens: number } }[] = [];
    for await (const event of stream) chunks.push(JSON.parse(event.data));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.Choices[0]?.Delta.Content).join('')).toBe('Hello from Hunyuan here.');
    expect(chunks.at(-1)?.Choices[0]?.FinishReason).toBe('stop');
    expect(chunks.at(-1)?.Usage.CompletionTokens).toBe(4);
    expect(fake.last().json).toMatchObject({ Stream: true });
  });
});
