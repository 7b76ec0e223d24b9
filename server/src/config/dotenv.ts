import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { ConfigError } from './app-config';

/**
 * The environment with a `.env` file under it: the file named by ENV_FILE, else `.env` in the
 * working directory. Variables already set win over the file; a missing file changes nothing.
 * Only the config folder reads the environment (main.ts and worker.ts pass this to loadConfig).
 */
export function withDotEnv(env: Record<string, string | undefined> = process.env, cwd: string = process.cwd()): Record<string, string | undefined> {
  const named = env.ENV_FILE !== undefined && env.ENV_FILE !== '';
  const file = resolve(cwd, named ? (env.ENV_FILE as string) : '.env');
  if (!existsSync(file)) {
    if (named) throw new ConfigError(`ENV_FILE: ${file} does not exist`);
    return env;
  }
  let parsed: Record<string, string>;
  try {
    parsed = parseEnv(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch (err) {
    throw new ConfigError(`${file}: ${(err as Error).message}`);
  }
  const merged: Record<string, string | undefined> = { ...parsed };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  return merged;
}
