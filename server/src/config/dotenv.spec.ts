import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './app-config';
import { withDotEnv } from './dotenv';

describe('withDotEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-env-'));
  writeFileSync(join(dir, '.env'), '# comment\nPORT=4100\nHOST="0.0.0.0"\nLOG_LEVEL=debug\n');

  it('reads .env from the working directory under the real environment', () => {
    const env = withDotEnv({ LOG_LEVEL: 'warn' }, dir);
    expect(env).toMatchObject({ PORT: '4100', HOST: '0.0.0.0', LOG_LEVEL: 'warn' });
  });

  it('changes nothing without a file', () => {
    const empty = mkdtempSync(join(tmpdir(), 'sluice-env-'));
    expect(withDotEnv({ PORT: '1' }, empty)).toEqual({ PORT: '1' });
  });

  it('reads the file ENV_FILE names, and refuses a named file that is missing', () => {
    writeFileSync(join(dir, 'other.env'), 'PORT=4200\n');
    expect(withDotEnv({ ENV_FILE: 'other.env' }, dir).PORT).toBe('4200');
    expect(() => withDotEnv({ ENV_FILE: 'missing.env' }, dir)).toThrow(ConfigError);
  });
});
