import { ChannelConfigError } from '../errors';
import { signSparkUrl, sparkCredentials, sparkSignature } from './sign';

describe('Spark URL signature', () => {
  it("matches the documentation's worked example (APISecret, date and /v1.1/chat of the 通用URL鉴权 guide)", () => {
    expect(sparkSignature('MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi', 'spark-api.xf-yun.com', 'Fri, 05 May 2023 10:43:39 GMT', '/v1.1/chat')).toBe('z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ=');
  });

  it('puts authorization, date and host in the query, the authorization naming the APIKey and the signed headers', () => {
    const now = new Date(Date.UTC(2023, 4, 5, 10, 43, 39));
    const url = new URL(signSparkUrl('wss://spark-api.xf-yun.com/v1.1/chat', { appId: 'app', apiSecret: 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi', apiKey: 'addd2272b6d8b7c8abdd79531420ca3b' }, now));
    expect(url.protocol).toBe('wss:');
    expect(url.pathname).toBe('/v1.1/chat');
    expect(url.searchParams.get('date')).toBe('Fri, 05 May 2023 10:43:39 GMT');
    expect(url.searchParams.get('host')).toBe('spark-api.xf-yun.com');
    expect(Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString('utf8')).toBe(
      'api_key="addd2272b6d8b7c8abdd79531420ca3b", algorithm="hmac-sha256", headers="host date request-line", signature="z5gHdu3pxVV4ADMyk467wOWDQ9q6BQzR3nfMTjc/DaQ="',
    );
  });

  it('signs the host with its port, and reads APPID|APISecret|APIKey (anything else is a channel error)', () => {
    const url = new URL(signSparkUrl('ws://127.0.0.1:5123/prefix/v3.5/chat', { appId: 'a', apiSecret: 's', apiKey: 'k' }, new Date(0)));
    expect(url.searchParams.get('host')).toBe('127.0.0.1:5123');
    expect(Buffer.from(url.searchParams.get('authorization') ?? '', 'base64').toString('utf8')).toContain(`signature="${sparkSignature('s', '127.0.0.1:5123', 'Thu, 01 Jan 1970 00:00:00 GMT', '/prefix/v3.5/chat')}"`);
    expect(sparkCredentials(' app | sec | key ')).toEqual({ appId: 'app', apiSecret: 'sec', apiKey: 'key' });
    expect(() => sparkCredentials('app|sec')).toThrow(ChannelConfigError);
    expect(() => sparkCredentials('app||key')).toThrow(ChannelConfigError);
  });
});
