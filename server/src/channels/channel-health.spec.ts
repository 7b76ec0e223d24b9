import { transportFailure } from '../wire/canonical/errors';
import { escapeHtml, failureReason, notificationJobId } from './channel-health.service';
import { FALLBACK_TEST_MODEL, testModelOf } from './channel-test.service';

describe('channel health helpers', () => {
  it('states a structured failure as status, code (or type) and the adaptor-scrubbed message', () => {
    const reason = failureReason({ ...transportFailure('connect'), status: 401, code: 'invalid_api_key', type: 'invalid_request_error', message: 'Incorrect API key provided: sk-***' });
    expect(reason).toBe('上游返回 HTTP 401（invalid_api_key）：Incorrect API key provided: sk-***');
    expect(failureReason({ ...transportFailure('connect'), status: 429, type: 'insufficient_quota' })).toContain('（insufficient_quota）');
    expect(failureReason(transportFailure('connect'))).toContain('（-）');
  });

  it('escapes admin-typed names before they go into mail HTML', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;');
  });

  it('gives one notification job id per channel, event and hour, without colons (BullMQ)', () => {
    const at = Date.UTC(2024, 4, 17, 8, 30);
    expect(notificationJobId('disabled', 7, at)).toBe(notificationJobId('disabled', 7, at + 20 * 60_000));
    expect(notificationJobId('disabled', 7, at)).not.toBe(notificationJobId('disabled', 7, at + 60 * 60_000));
    expect(notificationJobId('disabled', 7, at)).not.toBe(notificationJobId('enabled', 7, at));
    expect(notificationJobId('disabled', 7, at)).not.toContain(':');
  });
});

describe('channel test model', () => {
  const ch = { testModel: '', models: ['a-model', 'b-model'] };

  it('prefers the query, then test_model, then the first model, then a default', () => {
    expect(testModelOf(ch, ' q-model ')).toBe('q-model');
    expect(testModelOf({ ...ch, testModel: 't-model' }, undefined)).toBe('t-model');
    expect(testModelOf(ch, '')).toBe('a-model');
    expect(testModelOf({ testModel: ' ', models: [] }, ['x'])).toBe(FALLBACK_TEST_MODEL);
    expect(() => testModelOf(ch, 'm'.repeat(256))).toThrow();
  });

});
