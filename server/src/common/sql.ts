/**
 * Escape LIKE wildcards; use with `ESCAPE '!'`. Not the backslash: MySQL reads `'\'` in SQL
 * text as an unterminated string, and `!` means the same on SQLite, PostgreSQL and MySQL.
 */
export function escapeLike(input: string): string {
  return input.replace(/[!%_]/g, (c) => `!${c}`);
}

/** Bound a user-given search keyword. */
export function boundKeyword(input: unknown, max = 100): string {
  return typeof input === 'string' ? input.trim().slice(0, max) : '';
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
