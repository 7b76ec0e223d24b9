import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FUNCTION_SQL as PER_OP_BATCH_SQL } from './1795316112836-LedgerBatchFunction';
import { FAST_SQL as CONCURRENT_SQL } from './1795360000000-LedgerBatchConcurrent';

/**
 * PostgreSQL only (written by hand). Money rule 7 changed: every settlement charges its full
 * usage, exactly; nothing used is forgiven. A balance may go below zero by what requests in
 * flight used beyond their holds, and a balance (user or token) at or below zero refuses every
 * new request. Both ledger functions are created again from the committed text with three edits:
 *
 * - a settlement's positive delta is charged whatever the balance (was: only while the user's
 *   balance was not already negative), so the fast path no longer needs a floor for it;
 * - a hold on a limited token needs `remain_quota > 0` as well as `>= amount` (a zero hold on a
 *   token in debt is refused like the user's `quota > 0`);
 * - the fast path's floor for such a token is at least 1, as it is for the user.
 *
 * Signatures, ops and results are unchanged (LedgerBatchFunction documents them).
 */
function edit(sql: string, label: string, edits: readonly [string, string][]): string {
  let out = sql;
  for (const [from, to] of edits) {
    if (!out.includes(from)) throw new Error(`LedgerFullOverdraft: ${label} text is not what this migration expects`);
    out = out.replace(from, to);
  }
  return out;
}

/** sluice_ledger_ops as LedgerBatchFastPath made it (renamed, no relaxed-commit choice), then rule 7. */
const OLD_PER_OP_SQL = edit(PER_OP_BATCH_SQL, 'per-op', [
  ['CREATE OR REPLACE FUNCTION sluice_ledger_batch(ops jsonb)', 'CREATE OR REPLACE FUNCTION sluice_ledger_ops(ops jsonb)'],
  ['  relaxed boolean := true;\n', ''],
  ["    IF k = 'settle' OR k = 'refund' THEN relaxed := false; END IF;\n", ''],
  ["  IF relaxed THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;\n", ''],
]);

export const PER_OP_SQL = edit(OLD_PER_OP_SQL, 'per-op', [
  ['AND (unlimited_quota OR remain_quota >= (op->>\'a\')::bigint);', "AND (unlimited_quota OR (remain_quota > 0 AND remain_quota >= (op->>'a')::bigint));"],
  [
    '            -- A positive delta is charged only while the balance is not already negative (money rule 7).\n' +
      '            UPDATE users SET quota = CASE WHEN delta > 0 THEN (CASE WHEN quota >= 0 THEN quota - delta ELSE quota END) ELSE quota - delta END,\n',
    '            -- Every settlement charges its full usage, also below zero (money rule 7).\n' + '            UPDATE users SET quota = quota - delta,\n',
  ],
]);

export const BATCH_SQL = edit(CONCURRENT_SQL, 'batch', [
  ['AND (t_unl[j] OR t_r[j] >= a)) THEN', 'AND (t_unl[j] OR (t_r[j] > 0 AND t_r[j] >= a))) THEN'],
  ['IF NOT t_unl[j] THEN t_min[j] := GREATEST(t_min[j], a - (t_r[j] - t_r0[j])); END IF;', 'IF NOT t_unl[j] THEN t_min[j] := GREATEST(t_min[j], GREATEST(a, 1) - (t_r[j] - t_r0[j])); END IF;'],
  [
    '        -- A positive delta is charged only while the balance is not already negative (money rule 7):\n' +
      '        -- the fast path takes only the case where it is charged, at any start at least this high.\n' +
      '        IF delta > 0 THEN\n' +
      "          IF u_q[i] < 0 THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;\n" +
      '          u_min[i] := GREATEST(u_min[i], -(u_q[i] - u_q0[i]));\n' +
      '        END IF;\n',
    '        -- Every settlement charges its full usage, also below zero (money rule 7): no floor.\n',
  ],
]);

export class LedgerFullOverdraft1795380000000 implements MigrationInterface {
  name = 'LedgerFullOverdraft1795380000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PER_OP_SQL);
    await queryRunner.query(BATCH_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(OLD_PER_OP_SQL);
    await queryRunner.query(CONCURRENT_SQL);
  }
}
