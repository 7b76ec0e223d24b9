import { loadConfig, ConfigError } from '../config/app-config';
import { ImportError } from './import-error';
import { runImport, type ImportSummary, type SourceKind } from './importer';
import { redact } from './source';

/** A line on stdout: the progress and the summary are the CLI's output. */
function out(line: string): void {
  process.stdout.write(`${line}\n`);
}

const USAGE = `usage: npm run import -- <source> [--from new-api|one-api] [--dry-run]
  <source>  sqlite:///absolute/path/one-api.db | mysql://user:pass@host:3306/db | postgres://user:pass@host:5432/db
  The target is the database DATABASE_URL names (default: the embedded SQLite file), as for the server.`;

interface Args {
  source: string;
  from?: SourceKind;
  dryRun: boolean;
}

function parseArgs(argv: string[]): Args {
  let source = '';
  let from: SourceKind | undefined;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--dry-run') dryRun = true;
    else if (a === '--from' || a.startsWith('--from=')) {
      const v = a === '--from' ? argv[++i] : a.slice('--from='.length);
      if (v !== 'new-api' && v !== 'one-api') throw new ImportError(`--from takes new-api or one-api, not "${v ?? ''}"`);
      from = v;
    } else if (a === '--help' || a === '-h') {
      out(USAGE);
      process.exit(0);
    } else if (a.startsWith('--')) throw new ImportError(`unknown option ${a}\n${USAGE}`);
    else if (source === '') source = a;
    else throw new ImportError(`one source only (got "${redact(source)}" and "${redact(a)}")\n${USAGE}`);
  }
  if (source === '') throw new ImportError(`no source given\n${USAGE}`);
  return { source, from, dryRun };
}

export function printSummary(s: ImportSummary, print: (line: string) => void): void {
  print('');
  for (const n of s.notes) print(`note: ${n}`);
  for (const k of s.skipped) print(`skipped: ${k}`);
  for (const p of s.passwordResets) print(`password reset required: ${p}`);
  print('');
  print(s.dryRun ? 'dry run: nothing was written; these rows would be imported:' : 'imported:');
  const width = Math.max(...s.counts.map(([t]) => t.length));
  for (const [table, count] of s.counts) print(`  ${table.padEnd(width)}  ${count}`);
}

async function main(): Promise<number> {
  try {
    const args = parseArgs(process.argv.slice(2));
    const config = loadConfig(process.env, process.cwd());
    const summary = await runImport({ ...args, config, progress: out });
    printSummary(summary, out);
    const told = summary.notes.some((n) => n.startsWith('running Sluice nodes'));
    if (!summary.dryRun) out(told ? 'done.' : 'done: start (or restart) Sluice on this database to serve the imported data.');
    return 0;
  } catch (err) {
    if (err instanceof ImportError || err instanceof ConfigError) {
      console.error(`import refused: ${err.message}`);
      console.error('nothing was written to the target.');
      return 1;
    }
    console.error(`import failed: ${(err as Error).stack ?? String(err)}`);
    console.error('nothing was written to the target (the transaction was rolled back).');
    return 1;
  }
}

void main().then((code) => process.exit(code));
