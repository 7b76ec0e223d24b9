import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FUNCTION_SQL as PER_OP_BATCH_SQL } from './1795316112836-LedgerBatchFunction';

/**
 * PostgreSQL only (written by hand). A fast path for `sluice_ledger_batch(ops jsonb)`; same
 * signature, ops and results as LedgerBatchFunction documents.
 *
 * The per-op function updated the user's row (and the token's, and the channel's) once per op,
 * each op in its own subtransaction. A busy token's batch of 48 ops left about 100 versions of
 * one user row in one transaction, and every update walked that chain again: PostgreSQL spent
 * about 140 µs of CPU per relayed request.
 *
 * Now the batch first runs the ops in order against the user, token and channel rows read once
 * (locked FOR UPDATE), and writes each of those rows once at the end, by compare-and-set on the
 * values it read (money rule 1). The holds and consume logs are still one statement per op. The
 * fast path is taken only when every op does exactly what the per-op function would: a refused
 * hold, a duplicate request id, a deleted user, a missing token or any error rolls the whole
 * attempt back (one subtransaction) and the batch runs op by op instead, in
 * `sluice_ledger_ops(ops jsonb)`, the per-op function as it was.
 */
const PER_OP_SQL = (() => {
  // Renamed, and without the relaxed-commit choice, which the new sluice_ledger_batch makes.
  const cuts = [
    '  relaxed boolean := true;\n',
    "    IF k = 'settle' OR k = 'refund' THEN relaxed := false; END IF;\n",
    "  IF relaxed THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;\n",
  ];
  let sql = PER_OP_BATCH_SQL.replace('CREATE OR REPLACE FUNCTION sluice_ledger_batch(ops jsonb)', 'CREATE OR REPLACE FUNCTION sluice_ledger_ops(ops jsonb)');
  for (const cut of cuts) sql = sql.replace(cut, '');
  if (!sql.includes('sluice_ledger_ops(ops jsonb)') || sql.includes('relaxed')) {
    throw new Error('LedgerBatchFastPath: the per-op function text is not what this migration expects');
  }
  return sql;
})();

export const FAST_SQL = `CREATE OR REPLACE FUNCTION sluice_ledger_batch(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  op jsonb;
  k text;
  res jsonb;
  results jsonb := '[]'::jsonb;
  h record;
  delta bigint;
  q bigint;
  a bigint;
  ch integer;
  uid integer;
  tid integer;
  i integer;
  j integer;
  lg jsonb;
  u_ids integer[] := '{}';
  u_q0 bigint[] := '{}';
  u_q bigint[] := '{}';
  u_used bigint[] := '{}';
  u_cnt bigint[] := '{}';
  t_ids integer[] := '{}';
  t_r0 bigint[] := '{}';
  t_r bigint[] := '{}';
  t_used bigint[] := '{}';
  t_s0 integer[] := '{}';
  t_s integer[] := '{}';
  t_unl boolean[] := '{}';
  t_exp bigint[] := '{}';
  c_ids integer[] := '{}';
  c_used bigint[] := '{}';
  ur record;
  tr record;
BEGIN
  BEGIN
    FOR op IN SELECT value FROM jsonb_array_elements(ops) LOOP
      k := op->>'k';
      IF k = 'checkpoint' THEN
        UPDATE holds SET checkpoint_quota = GREATEST(checkpoint_quota, (op->>'q')::bigint), updated_at = (op->>'n')::bigint,
            channel_id = CASE WHEN (op->>'c')::integer > 0 THEN (op->>'c')::integer ELSE channel_id END
          WHERE request_id = op->>'r' AND status = op->>'hs';
        results := results || '[null]'::jsonb;
        CONTINUE;
      END IF;
      IF k = 'hold' THEN
        uid := (op->>'u')::integer;
        tid := (op->>'t')::integer;
        a := (op->>'a')::bigint;
        q := 0;
        delta := 0;
      ELSIF k = 'settle' OR k = 'refund' THEN
        q := CASE WHEN k = 'settle' THEN (op->>'q')::bigint ELSE 0 END;
        UPDATE holds SET status = op->>'cs', settled_quota = q, updated_at = (op->>'n')::bigint
          WHERE request_id = op->>'r' AND status = op->>'hs'
          RETURNING user_id, token_id, amount INTO h;
        IF NOT FOUND THEN
          results := results || jsonb_build_array(CASE WHEN k = 'settle' THEN 'null'::jsonb ELSE 'false'::jsonb END);
          CONTINUE;
        END IF;
        uid := h.user_id;
        tid := h.token_id;
        delta := q - h.amount;
      ELSE
        RAISE EXCEPTION 'unknown ledger op %', k USING ERRCODE = 'SL000';
      END IF;

      -- The rows this op moves, read and locked once per batch.
      i := array_position(u_ids, uid);
      IF i IS NULL THEN
        SELECT quota, deleted_at INTO ur FROM users WHERE id = uid FOR UPDATE;
        IF NOT FOUND OR ur.deleted_at IS NOT NULL THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
        u_ids := u_ids || uid;
        u_q0 := u_q0 || ur.quota::bigint;
        u_q := u_q || ur.quota::bigint;
        u_used := u_used || 0::bigint;
        u_cnt := u_cnt || 0::bigint;
        i := cardinality(u_ids);
      END IF;
      j := NULL;
      IF tid IS NOT NULL AND (k = 'hold' OR delta <> 0) THEN
        j := array_position(t_ids, tid);
        IF j IS NULL THEN
          SELECT remain_quota, status, unlimited_quota, expired_time INTO tr FROM tokens WHERE id = tid FOR UPDATE;
          IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
          t_ids := t_ids || tid;
          t_r0 := t_r0 || tr.remain_quota::bigint;
          t_r := t_r || tr.remain_quota::bigint;
          t_used := t_used || 0::bigint;
          t_s0 := t_s0 || tr.status::integer;
          t_s := t_s || tr.status::integer;
          t_unl := t_unl || tr.unlimited_quota;
          t_exp := t_exp || tr.expired_time::bigint;
          j := cardinality(t_ids);
        END IF;
      END IF;

      IF k = 'hold' THEN
        IF NOT (u_q[i] > 0 AND u_q[i] >= a) THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
        u_q[i] := u_q[i] - a;
        IF j IS NOT NULL THEN
          IF NOT (t_s[j] = (op->>'te')::integer AND (t_exp[j] = (op->>'ne')::bigint OR t_exp[j] > (op->>'n')::bigint)
              AND (t_unl[j] OR t_r[j] >= a)) THEN
            RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999';
          END IF;
          t_r[j] := t_r[j] - a;
          t_used[j] := t_used[j] + a;
        END IF;
        INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at)
          VALUES (op->>'r', uid, tid, a, op->>'hs', op->>'m', (op->>'n')::bigint, (op->>'n')::bigint);
        results := results || '[{"ok":true}]'::jsonb;
        CONTINUE;
      END IF;

      -- settle or refund: the delta (final minus held) on the user and the token.
      IF k = 'settle' THEN
        -- A positive delta is charged only while the balance is not already negative (money rule 7).
        IF delta <= 0 OR u_q[i] >= 0 THEN u_q[i] := u_q[i] - delta; END IF;
        u_used[i] := u_used[i] + q;
        u_cnt[i] := u_cnt[i] + 1;
      ELSIF delta < 0 THEN
        u_q[i] := u_q[i] - delta;
      END IF;
      IF j IS NOT NULL THEN
        -- A give-back re-enables an exhausted token it lifts above zero.
        IF delta < 0 AND t_s[j] = (op->>'tx')::integer AND (t_unl[j] OR t_r[j] - delta > 0) THEN t_s[j] := (op->>'te')::integer; END IF;
        t_r[j] := t_r[j] - delta;
        t_used[j] := t_used[j] + delta;
      END IF;
      IF k = 'refund' THEN
        results := results || '[true]'::jsonb;
        CONTINUE;
      END IF;
      ch := (op->>'c')::integer;
      IF ch > 0 AND q > 0 THEN
        j := array_position(c_ids, ch);
        IF j IS NULL THEN
          c_ids := c_ids || ch;
          c_used := c_used || q;
        ELSE
          c_used[j] := c_used[j] + q;
        END IF;
      END IF;
      lg := op->'l';
      IF lg IS NOT NULL AND jsonb_typeof(lg) = 'object' THEN
        INSERT INTO logs (user_id, type, created_at, content, username, token_name, token_id, model_name, quota,
            prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_group, client_ip, request_id, other)
          VALUES (uid, (lg->>'type')::integer, (op->>'n')::bigint, lg->>'content', lg->>'username', lg->>'token_name',
            (lg->>'token_id')::integer, lg->>'model_name', q, (lg->>'prompt_tokens')::integer,
            (lg->>'completion_tokens')::integer, (lg->>'use_time')::integer, (lg->>'is_stream')::boolean, ch,
            lg->>'token_group', lg->>'client_ip', op->>'r', lg->>'other');
      END IF;
      results := results || jsonb_build_array(jsonb_build_object('user_id', uid, 'after', u_q[i]));
    END LOOP;

    -- Each row written once, by compare-and-set on what was read (it is locked: this cannot miss).
    FOR i IN 1 .. cardinality(u_ids) LOOP
      IF u_q[i] <> u_q0[i] OR u_used[i] <> 0 OR u_cnt[i] <> 0 THEN
        UPDATE users SET quota = quota + (u_q[i] - u_q0[i]), used_quota = used_quota + u_used[i], request_count = request_count + u_cnt[i]
          WHERE id = u_ids[i] AND quota = u_q0[i];
        IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
      END IF;
    END LOOP;
    FOR j IN 1 .. cardinality(t_ids) LOOP
      IF t_r[j] <> t_r0[j] OR t_used[j] <> 0 OR t_s[j] <> t_s0[j] THEN
        UPDATE tokens SET remain_quota = remain_quota + (t_r[j] - t_r0[j]), used_quota = used_quota + t_used[j], status = t_s[j]
          WHERE id = t_ids[j] AND remain_quota = t_r0[j] AND status = t_s0[j];
        IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
      END IF;
    END LOOP;
    FOR j IN 1 .. cardinality(c_ids) LOOP
      UPDATE channels SET used_quota = used_quota + c_used[j] WHERE id = c_ids[j];
    END LOOP;
  EXCEPTION WHEN OTHERS THEN
    -- Everything above is rolled back: the batch runs op by op, each op failing alone.
    results := sluice_ledger_ops(ops);
  END;
  -- Holds and checkpoints only: commit without waiting for the WAL flush (LedgerBatchFunction).
  IF NOT (ops @> '[{"k":"settle"}]' OR ops @> '[{"k":"refund"}]') THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  RETURN results;
END
$fn$`;

export class LedgerBatchFastPath1795340000000 implements MigrationInterface {
  name = 'LedgerBatchFastPath1795340000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PER_OP_SQL);
    await queryRunner.query(FAST_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(PER_OP_BATCH_SQL);
    await queryRunner.query('DROP FUNCTION IF EXISTS sluice_ledger_ops(jsonb)');
  }
}
