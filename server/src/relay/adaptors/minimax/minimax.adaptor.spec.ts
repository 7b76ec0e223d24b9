import type { ChannelContext } from '../types';
import { baseRespFailure, minimaxAdaptor } from './minimax.adaptor';

const ctx: ChannelContext = { type: 35, baseUrl: '', key: 'mm-secret-key-0123456789', upstreamModel: 'abab6.5s-chat', other: '', organization: '' };
const body = (status_code: number, status_msg: string) => JSON.stringify({ id: '', base_resp: { status_code, status_msg } });

describe('MiniMax', () => {
  it('sends chat to /v1/text/chatcompletion_v2 under the default host', () => {
    const req = minimaxAdaptor.buildTextRequest({ endpoint: 'chat', stream: false, body: { model: 'abab6.5s-chat', messages: [] } } as never, ctx);
    expect(req.url).toBe('https://api.minimax.chat/v1/text/chatcompletion_v2');
    expect(req.headers.Authorization).toBe(`Bearer ${ctx.key}`);
  });

  it('maps base_resp status codes: 1004 auth (disable), 1008 billing (disable), 1002 / 1039 rate limits, others bad requests', () => {
    expect(baseRespFailure(body(1004, 'login fail'), ctx)).toMatchObject({ class: 'auth', status: 401, disableChannel: true, retryable: false, code: '1004' });
    expect(baseRespFailure(body(1008, 'insufficient balance'), ctx)).toMatchObject({ class: 'billing', disableChannel: true });
    expect(baseRespFailure(body(1002, 'rate limit'), ctx)).toMatchObject({ class: 'rate_limit', status: 429, retryable: true });
    expect(baseRespFailure(body(1039, 'tpm'), ctx)).toMatchObject({ class: 'rate_limit', status: 429 });
    expect(baseRespFailure(body(2013, 'invalid params'), ctx)).toMatchObject({ class: 'bad_request', status: 400, retryable: false });
    expect(baseRespFailure(body(0, 'success'), ctx)).toBeNull();
    expect(baseRespFailure('{"choices":[]}', ctx)).toBeNull();
    expect(baseRespFailure(body(1004, `bad key ${ctx.key}`), ctx)?.message).not.toContain(ctx.key);
  });

  it('reads a 200 answer carrying a non-zero base_resp as a failure', () => {
    const parsed = minimaxAdaptor.parseTextResponse({} as never, { status: 200, headers: {}, text: body(1004, 'login fail'), bytes: 0 }, ctx);
    expect(parsed).toMatchObject({ ok: false, failure: { class: 'auth', status: 401 } });
  });
});
