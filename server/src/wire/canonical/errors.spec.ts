import { t } from '../../common/messages';
import { transportFailure } from './errors';
import { parseChatRequest } from '../openai-chat/parse';
import { rejection } from './__fixtures__/rejection';

describe('relay errors', () => {
  it('carry a catalogue message in Chinese and English with the field filled in', () => {
    const err = rejection(() => parseChatRequest({ model: 'm', messages: [{ role: 'user', content: 'x' }], n: 500 }));
    if (!err.messageKey) throw new Error('expected a message key');
    expect(t(err.messageKey, 'zh', err.params)).toBe('参数 n 不能大于 128');
    expect(t(err.messageKey, 'en', err.params)).toBe('parameter n must be at most 128');
    expect(err).toMatchObject({ status: 400, code: 'integer_above_max_value', param: 'n' });
  });

  it('classifies transport failures for retry', () => {
    expect(transportFailure('connect')).toMatchObject({ class: 'server', retryable: true, status: 502 });
    expect(transportFailure('headers_timeout')).toMatchObject({ class: 'timeout', retryable: true });
    expect(transportFailure('idle_timeout')).toMatchObject({ class: 'timeout', retryable: false });
  });
});
