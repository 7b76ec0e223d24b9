/*
 * MySQL / MariaDB adjustments the generator applies to TypeORM's statements, so a generated MySQL
 * migration keeps the house rules without hand edits:
 * - every table in utf8mb4 with the binary collation (keys, hashes and names compare
 *   case-sensitively, as on SQLite and PostgreSQL);
 * - a TEXT default written as an expression (`DEFAULT ('')`: MySQL 8 refuses a literal one);
 * - a partial unique index (`@Index({ unique: true, where })`, which MySQL has not) becomes a
 *   generated column `<column>_key`, NULL where the condition does not hold, with the unique
 *   index on it (NULLs never clash); TypeORM's later diffs of those columns and indexes are dropped.
 */

/** `table.column` of the generated key columns the scratch database has (describeGeneratedColumns). */
const built = new Set();

const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin';

/** { table: { indexName: { column, where } } } of the entities' partial unique indexes. */
function partialIndexes(entities) {
  const { getMetadataArgsStorage } = require('typeorm');
  const storage = getMetadataArgsStorage();
  const out = {};
  for (const idx of storage.indices) {
    if (!idx.unique || !idx.where || !entities.includes(idx.target)) continue;
    const table = storage.tables.find((t) => t.target === idx.target);
    const prop = Array.isArray(idx.columns) ? idx.columns[0] : null;
    const col = storage.columns.find((c) => c.target === idx.target && (c.propertyName === prop || c.options.name === prop));
    if (!table || !col || !idx.name) continue;
    const column = col.options.name || col.propertyName;
    (out[table.name] ??= {})[idx.name] = { column, where: idx.where, type: `varchar(${col.options.length || 255})` };
  }
  return out;
}

function keyColumn(p) {
  return `\`${p.column}_key\` ${p.type} AS (CASE WHEN ${p.where} THEN \`${p.column}\` END) VIRTUAL`;
}

function adjust(query, partial, direction) {
  let q = query.replace(/ENGINE=InnoDB$/, TABLE_OPTIONS);
  q = q.replace(/(\btext NOT NULL DEFAULT )('(?:[^'\\]|\\.)*')/g, '$1($2)');
  const create = /^CREATE TABLE `(\w+)`/.exec(q);
  if (create && partial[create[1]]) {
    for (const [name, p] of Object.entries(partial[create[1]])) {
      q = q.replace(`UNIQUE INDEX \`${name}\` (\`${p.column}\`)`, `${keyColumn(p)}, UNIQUE INDEX \`${name}\` (\`${p.column}_key\`)`);
    }
    return [q];
  }
  const createIndex = /^CREATE UNIQUE INDEX `(\w+)` ON `(\w+)` \(`(\w+)`\)$/.exec(q);
  const p = createIndex && partial[createIndex[2]]?.[createIndex[1]];
  if (createIndex && p) {
    return [`ALTER TABLE \`${createIndex[2]}\` ADD ${keyColumn(p)}`, `CREATE UNIQUE INDEX \`${createIndex[1]}\` ON \`${createIndex[2]}\` (\`${p.column}_key\`)`];
  }
  const dropIndex = /^DROP INDEX `(\w+)` ON `(\w+)`$/.exec(q);
  const d = dropIndex && partial[dropIndex[2]]?.[dropIndex[1]];
  // The generator reverses the down list afterwards: the index goes first, then its column.
  if (dropIndex && d && direction === 'down') return [`ALTER TABLE \`${dropIndex[2]}\` DROP COLUMN \`${d.column}_key\``, q];
  return [q];
}

/**
 * Statements about a partial index's column, its generated key column or its index on a table
 * that has them already: TypeORM cannot see how they are built, so it would undo them. Dropped
 * (and listed on stderr: a real change to such a column is then written by hand).
 */
function spurious(query, partial) {
  if (/^CREATE TABLE/.test(query)) return false;
  if (/`typeorm_metadata`/.test(query)) return true;
  for (const [table, idx] of Object.entries(partial)) {
    if (!query.includes(`\`${table}\``)) continue;
    for (const [name, p] of Object.entries(idx)) {
      if (!built.has(`${table}.${p.column}_key`)) continue;
      if (query.includes(`\`${p.column}_key\``) || query.includes(`\`${name}\``) || query.includes(`\`${p.column}\``)) return true;
    }
  }
  return false;
}

/** TypeORM's own unnamed unique index on a partial index's column (MySQL reads a unique index as a unique column). */
function columnUnique(query, partial) {
  const m = /^ALTER TABLE `(\w+)` ADD UNIQUE INDEX `(IDX_[0-9a-f]+)` \(`(\w+)`\)$/.exec(query);
  if (!m || !partial[m[1]]) return null;
  return Object.values(partial[m[1]]).some((p) => p.column === m[3]) ? m[2] : null;
}

function mysqlDiff(sql, entities) {
  const partial = partialIndexes(entities);
  const unnamed = sql.upQueries.map((x) => columnUnique(x.query, partial)).filter((n) => n !== null);
  const isUnnamed = (q) => unnamed.some((n) => q.includes(`\`${n}\``));
  sql = { upQueries: sql.upQueries.filter((x) => !isUnnamed(x.query)), downQueries: sql.downQueries.filter((x) => !isUnnamed(x.query)) };
  const fix = (list, direction) =>
    list.flatMap((x) => adjust(x.query, partial, direction).map((query) => ({ query, parameters: x.parameters })));
  const dropped = sql.upQueries.filter((x) => spurious(x.query, partial));
  if (dropped.length > 0) console.warn(`mysql: left out ${dropped.length} statements TypeORM writes against the partial unique indexes already built (scripts/mysql-rules.js)`);
  if (process.env.MYSQL_RULES_VERBOSE) for (const x of dropped) console.warn(`  ${x.query}`);
  const up = sql.upQueries.filter((x) => !dropped.includes(x));
  const down = sql.downQueries.filter((x) => !spurious(x.query, partial) || /^DROP TABLE/.test(x.query));
  return { upQueries: fix(up, 'up'), downQueries: fix(down, 'down') };
}

/**
 * TypeORM reads a MySQL generated column's expression from its own `typeorm_metadata` table,
 * which only it writes. The scratch database gets one describing the migrations' generated
 * columns, so the diff can load the tables (the app never needs it).
 */
async function describeGeneratedColumns(ds) {
  const cols = await ds.query(
    "SELECT TABLE_NAME AS t, COLUMN_NAME AS c, GENERATION_EXPRESSION AS e FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND GENERATION_EXPRESSION IS NOT NULL AND GENERATION_EXPRESSION <> ''",
  );
  await ds.query(
    'CREATE TABLE IF NOT EXISTS `typeorm_metadata` (`type` varchar(255) NOT NULL, `database` varchar(255) NULL, `schema` varchar(255) NULL, `table` varchar(255) NULL, `name` varchar(255) NULL, `value` text NULL)',
  );
  for (const { t, c, e } of cols) {
    built.add(`${t}.${c}`);
    await ds.query("INSERT INTO `typeorm_metadata` (`type`, `schema`, `table`, `name`, `value`) VALUES ('GENERATED_COLUMN', DATABASE(), ?, ?, ?)", [t, c, e]);
  }
}

module.exports = { mysqlDiff, describeGeneratedColumns };
