import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createConnection, type Connection as MysqlConnection } from 'mysql2/promise';
import { Client as PgClient } from 'pg';
import { ImportError } from './import-error';

export type Row = Record<string, unknown>;

/** Rows read per SELECT: each page is one short read, so a live source is never locked for long. */
export const PAGE_SIZE = 500;

/**
 * Read-only access to a new-api / one-api database. Only plain SELECTs, in pages keyed by id;
 * a SQLite file is opened read-only.
 */
export interface SourceReader {
  readonly label: string;
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  /** Rows with id > afterId, ordered by id, at most `limit`. */
  page(table: string, afterId: number, limit: number): Promise<Row[]>;
  /** Every row of a small table without an integer id (options). */
  all(table: string): Promise<Row[]>;
  close(): Promise<void>;
}

/** Opens `sqlite:///abs/path.db`, `mysql://...` or `postgres://...`. */
export async function openSource(url: string): Promise<SourceReader> {
  if (url.startsWith('sqlite:')) return openSqlite(url);
  if (/^mysql:\/\//.test(url)) return openMysql(url);
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  throw new ImportError(`unknown source "${redact(url)}": give sqlite:///absolute/path.db, mysql://... or postgres://...`);
}

/** The URL without its password, for messages. */
export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}

function sqlitePath(url: string): string {
  const rest = url.slice('sqlite:'.length);
  return rest.startsWith('//') ? rest.slice(2) : rest;
}

function openSqlite(url: string): SourceReader {
  const path = sqlitePath(url);
  if (path === '' || !existsSync(path)) throw new ImportError(`source file not found: ${path}`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('query_only = ON');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (err) {
    throw new ImportError(`${path} is not a readable SQLite database (${(err as Error).message})`);
  }
  const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  return {
    label: `sqlite ${path}`,
    tables: async () => (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
    columns: async (table) => (db.prepare(`PRAGMA table_info(${q(table)})`).all() as { name: string }[]).map((r) => r.name),
    page: async (table, afterId, limit) => db.prepare(`SELECT * FROM ${q(table)} WHERE id > ? ORDER BY id LIMIT ?`).all(afterId, limit) as Row[],
    all: async (table) => db.prepare(`SELECT * FROM ${q(table)}`).all() as Row[],
    close: async () => {
      db.close();
    },
  };
}

async function openMysql(url: string): Promise<SourceReader> {
  let conn: MysqlConnection;
  try {
    conn = await createConnection({ uri: url, supportBigNumbers: true, bigNumberStrings: false, dateStrings: false, charset: 'utf8mb4' });
    // Autocommit SELECTs are InnoDB's non-locking consistent reads; the session refuses writes too.
    await conn.query('SET SESSION TRANSACTION READ ONLY');
  } catch (err) {
    throw new ImportError(`cannot connect to ${redact(url)} (${(err as Error).message})`);
  }
  const q = (name: string): string => `\`${name.replace(/`/g, '``')}\``;
  const dbName = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return {
    label: `mysql ${redact(url)}`,
    tables: async () => {
      const [rows] = await conn.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = ?', [dbName]);
      return (rows as { name: string }[]).map((r) => r.name);
    },
    columns: async (table) => {
      const [rows] = await conn.query('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = ? AND table_name = ?', [dbName, table]);
      return (rows as { name: string }[]).map((r) => r.name);
    },
    page: async (table, afterId, limit) => {
      const [rows] = await conn.query(`SELECT * FROM ${q(table)} WHERE id > ? ORDER BY id LIMIT ?`, [afterId, limit]);
      return rows as Row[];
    },
    all: async (table) => {
      const [rows] = await conn.query(`SELECT * FROM ${q(table)}`);
      return rows as Row[];
    },
    close: async () => {
      await conn.end();
    },
  };
}

async function openPostgres(url: string): Promise<SourceReader> {
  const client = new PgClient({ connectionString: url });
  try {
    await client.connect();
    // Every statement below is a SELECT; the session says so too.
    await client.query('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
  } catch (err) {
    throw new ImportError(`cannot connect to ${redact(url)} (${(err as Error).message})`);
  }
  const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  return {
    label: `postgres ${redact(url)}`,
    tables: async () =>
      (await client.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()")).rows.map((r) => r.name),
    columns: async (table) =>
      (await client.query<{ name: string }>('SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1', [table])).rows.map(
        (r) => r.name,
      ),
    page: async (table, afterId, limit) => (await client.query(`SELECT * FROM ${q(table)} WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit])).rows as Row[],
    all: async (table) => (await client.query(`SELECT * FROM ${q(table)}`)).rows as Row[],
    close: async () => {
      await client.end();
    },
  };
}
