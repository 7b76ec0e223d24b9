import { BadRequestException, HttpException, NotFoundException } from '@nestjs/common';
import { ApiError, RateLimitError, RequestError } from './domain-error';
import { allErrorCodes, ERROR_CODES, isErrorCode } from './error-codes';
import { describeError, renderEnvelope } from './exception.filter';
import { t } from './messages';

describe('error codes', () => {
  it('are <domain>.<reason>, unique, and each has a message of its own in both languages', () => {
    const codes = allErrorCodes();
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z]+\.[a-z0-9_]+$/);
      expect(isErrorCode(code)).toBe(true);
      for (const lang of ['zh', 'en'] as const) {
        const text = t(code, lang);
        expect(text).not.toBe('');
        expect(text).not.toBe(code);
      }
    }
    expect(Object.keys(ERROR_CODES)).toEqual(expect.arrayContaining(['common', 'token', 'redemption', 'user', 'channel']));
  });

  it('rejects strings that are not registered', () => {
    for (const s of ['token', 'token.', 'token.nope', 'invalid_request', 'nope.not_found', '.not_found']) expect(isErrorCode(s)).toBe(false);
  });
});

describe('the management error renderer', () => {
  it('renders an ApiError with its code, its message in the caller language and the field', () => {
    const d = describeError(new ApiError('token.quota_exceed_max', { max: 7 }, 400, 'remain_quota'), 'en');
    expect(d).toMatchObject({ status: 400, code: 'token.quota_exceed_max' });
    expect(renderEnvelope(d!)).toEqual({ success: false, code: 'token.quota_exceed_max', field: 'remain_quota', message: 'Quota is out of range, the maximum is 7' });
    const zh = describeError(RequestError.of('token.not_found', {}, 404), 'zh');
    expect(renderEnvelope(zh!)).toEqual({ success: false, code: 'token.not_found', message: '令牌不存在' });
    expect(zh?.status).toBe(404);
  });

  it('codes Nest, Fastify and limiter refusals by status', () => {
    expect(describeError(new NotFoundException(), 'en')).toMatchObject({ status: 404, code: 'common.not_found', message: 'Not found' });
    expect(describeError(new BadRequestException(), 'en')).toMatchObject({ status: 400, code: 'common.bad_request' });
    // Nest hands Fastify's body refusals over as HttpExceptions with Fastify's status.
    expect(describeError(new HttpException('Request body is too large', 413), 'zh')).toMatchObject({ status: 413, code: 'common.body_too_large', message: '请求体过大' });
    const raw = Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' });
    expect(describeError(raw, 'en')).toMatchObject({ status: 415, code: 'common.unsupported_media_type' });
    expect(describeError(new RateLimitError(2.2), 'en')).toMatchObject({ status: 429, code: 'common.too_many_requests', headers: { 'Retry-After': '3' } });
  });

  it('leaves anything else to the 500 path', () => {
    expect(describeError(new Error('boom'), 'en')).toBeNull();
    expect(describeError({ statusCode: 500 }, 'en')).toBeNull();
  });
});
