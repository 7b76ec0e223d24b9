import { Writable } from 'node:stream';
import { createRootLogger, nestLogger, pathOnly } from './logger';

function capture(): { lines: () => Record<string, unknown>[]; text: () => string; stream: Writable } {
  let out = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return {
    stream,
    text: () => out,
    lines: () =>
      out
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('root logger', () => {
  it('writes one JSON object a line with level name, ISO time and msg', () => {
    const c = capture();
    const log = createRootLogger('info', 'json', c.stream);
    log.info('hello');
    log.debug('hidden');
    const [line, ...rest] = c.lines();
    expect(rest).toHaveLength(0);
    expect(line).toMatchObject({ level: 'info', msg: 'hello' });
    expect(new Date(line?.time as string).toISOString()).toBe(line?.time);
  });

  it('redacts secret headers and fields of hand-logged objects', () => {
    const c = capture();
    const log = createRootLogger('info', 'json', c.stream);
    log.info(
      {
        headers: { authorization: 'Bearer sk-secret1', cookie: 'session=secret2', 'x-api-key': 'secret3', 'user-agent': 'ua' },
        user: { password: 'secret4', name: 'alice' },
        channel: { key: 'secret5', id: 3 },
        token: 'secret6',
        upstream: { headers: { authorization: 'Bearer secret7', 'x-goog-api-key': 'secret8' } },
      },
      'context',
    );
    const text = c.text();
    for (let i = 1; i <= 8; i++) expect(text).not.toContain(`secret${i}`);
    const [line] = c.lines();
    expect(line).toMatchObject({ user: { name: 'alice', password: '[redacted]' }, channel: { id: 3, key: '[redacted]' } });
  });

  it('serializes requests by allowlist: id, method and path, never headers, query or body', () => {
    const c = capture();
    const log = createRootLogger('info', 'json', c.stream);
    const req = { id: 'r1', method: 'POST', url: '/v1beta/models/x:generateContent?key=AIzaSECRET', headers: { cookie: 'session=SECRET' }, body: { password: 'SECRET' } };
    log.info({ req, res: { statusCode: 200, getHeaders: () => ({ 'set-cookie': 'SECRET' }) } }, 'done');
    expect(c.text()).not.toContain('SECRET');
    expect(c.lines()[0]).toMatchObject({ req: { id: 'r1', method: 'POST', path: '/v1beta/models/x:generateContent' }, res: { status: 200 } });
  });

  it('never prints a body or a headers object under those names', () => {
    const c = capture();
    const log = createRootLogger('info', 'json', c.stream);
    log.info({ body: { key: 'SECRET', messages: [] }, headers: { 'x-custom-secret': 'SECRET' } }, 'x');
    expect(c.text()).not.toContain('SECRET');
  });

  it('pretty format writes readable lines, not JSON', () => {
    const c = capture();
    const log = createRootLogger('info', 'pretty', c.stream);
    log.info({ user: { password: 'SECRET' } }, 'readable line');
    expect(c.text()).toContain('readable line');
    expect(c.text()).toContain('INFO');
    expect(c.text()).not.toContain('SECRET');
    expect(() => JSON.parse(c.text().split('\n')[0] as string)).toThrow();
  });

  it('is the Nest logger: context and error traces land in the line', () => {
    const c = capture();
    const nest = nestLogger(createRootLogger('info', 'json', c.stream));
    nest.log('started', 'Main');
    nest.error('boom', 'Error: boom\n    at x', 'Errors');
    const [a, b] = c.lines();
    expect(a).toMatchObject({ level: 'info', msg: 'started', context: 'Main' });
    expect(b).toMatchObject({ level: 'error', msg: 'boom', context: 'Errors' });
  });

  it('pathOnly drops the query', () => {
    expect(pathOnly('/api/oauth/github?code=abc&state=x')).toBe('/api/oauth/github');
    expect(pathOnly('/v1/chat/completions')).toBe('/v1/chat/completions');
  });
});
