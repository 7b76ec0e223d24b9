import type { MigrationInterface, QueryRunner } from 'typeorm';
import { FAST_SQL as LOCK_FIRST_SQL } from './1795340000000-LedgerBatchFastPath';

/**
 * PostgreSQL only (written by hand). `sluice_ledger_batch(ops jsonb)` again, with the same
 * signature, ops and results (LedgerBatchFunction documents them), now safe and useful with more
 * than one batch in flight at once.
 *
 * The fast path of LedgerBatchFastPath locked the user, token and channel rows FOR UPDATE where an
 * op first met them, and kept them locked until its COMMIT (a WAL flush when it settles). Two
 * batches at once (two nodes, or a node and the sweeper of another) that met two users in
 * opposite orders deadlocked, and PostgreSQL failed ops of one of them; and a second batch in
 * flight waited on the first's rows before doing anything, so a node kept one batch in flight.
 *
 * Now the fast path reads those rows without locking them and runs the ops against what it read,
 * recording for each row the lowest starting balance at which every decision of the batch comes
 * out the same (each hold covered, no positive settlement delta on a negative balance). At the end
 * it moves each row once, in id order (users, then tokens, then channels), by one conditional
 * statement (money rule 1):
 *
 *   UPDATE users SET quota = quota + :delta, ... WHERE id = :id AND deleted_at IS NULL AND quota >= :lowest
 *
 * so the rows are locked only from there to the COMMIT, while the holds, closes and consume logs
 * of other batches go on beside it. A settlement's `after` is read back from that statement, so it
 * is the balance as the batch really left it. A statement that finds its condition false (another
 * batch or node moved the balance under the floor, or the token changed) rolls the attempt back
 * and the batch runs op by op, as before.
 *
 * The op-by-op fallback first locks every user, token and channel row the batch can touch, in the
 * same id order, so a fallback batch and a fast batch never wait on each other's rows crosswise.
 * A deadlock would need the same request id in two batches at once: PostgreSQL then fails one op
 * (the fallback's subtransaction), or the whole batch while the fallback takes its locks, and the
 * caller runs that batch again (billing/ledger-statements.ts retryDeadlock).
 */
export const FAST_SQL = `CREATE OR REPLACE FUNCTION sluice_ledger_batch(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  op jsonb;
  k text;
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
  n integer := 0;
  got bigint;
  lg jsonb;
  lowest CONSTANT bigint := -9223372036854775808;
  -- Per user row: id, balance read, balance as the ops leave it, counters, lowest start, base after the move.
  u_ids integer[] := '{}';
  u_q0 bigint[] := '{}';
  u_q bigint[] := '{}';
  u_used bigint[] := '{}';
  u_cnt bigint[] := '{}';
  u_min bigint[] := '{}';
  u_base bigint[] := '{}';
  -- Per token row: id, what was read, remain as the ops leave it, used, lowest start.
  t_ids integer[] := '{}';
  t_r0 bigint[] := '{}';
  t_r bigint[] := '{}';
  t_used bigint[] := '{}';
  t_s0 integer[] := '{}';
  t_unl boolean[] := '{}';
  t_exp bigint[] := '{}';
  t_min bigint[] := '{}';
  c_ids integer[] := '{}';
  c_used bigint[] := '{}';
  -- Per op: its result, or (for a settlement) its user's slot and the balance move up to it.
  r_val jsonb[] := '{}';
  r_slot integer[] := '{}';
  r_off bigint[] := '{}';
  ur record;
  tr record;
BEGIN
  BEGIN
    FOR op IN SELECT value FROM jsonb_array_elements(ops) LOOP
      k := op->>'k';
      n := n + 1;
      r_slot[n] := NULL;
      IF k = 'checkpoint' THEN
        UPDATE holds SET checkpoint_quota = GREATEST(checkpoint_quota, (op->>'q')::bigint), updated_at = (op->>'n')::bigint,
            channel_id = CASE WHEN (op->>'c')::integer > 0 THEN (op->>'c')::integer ELSE channel_id END
          WHERE request_id = op->>'r' AND status = op->>'hs';
        r_val[n] := 'null'::jsonb;
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
          r_val[n] := CASE WHEN k = 'settle' THEN 'null'::jsonb ELSE 'false'::jsonb END;
          CONTINUE;
        END IF;
        uid := h.user_id;
        tid := h.token_id;
        delta := q - h.amount;
      ELSE
        RAISE EXCEPTION 'unknown ledger op %', k USING ERRCODE = 'SL000';
      END IF;

      -- The rows this op moves, read once per batch and not locked (the moves at the end check them).
      i := array_position(u_ids, uid);
      IF i IS NULL THEN
        SELECT quota, deleted_at INTO ur FROM users WHERE id = uid;
        IF NOT FOUND OR ur.deleted_at IS NOT NULL THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
        u_ids := u_ids || uid;
        u_q0 := u_q0 || ur.quota::bigint;
        u_q := u_q || ur.quota::bigint;
        u_used := u_used || 0::bigint;
        u_cnt := u_cnt || 0::bigint;
        u_min := u_min || lowest;
        i := cardinality(u_ids);
      END IF;
      j := NULL;
      IF tid IS NOT NULL AND (k = 'hold' OR delta <> 0) THEN
        j := array_position(t_ids, tid);
        IF j IS NULL THEN
          SELECT remain_quota, status, unlimited_quota, expired_time INTO tr FROM tokens WHERE id = tid;
          IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
          t_ids := t_ids || tid;
          t_r0 := t_r0 || tr.remain_quota::bigint;
          t_r := t_r || tr.remain_quota::bigint;
          t_used := t_used || 0::bigint;
          t_s0 := t_s0 || tr.status::integer;
          t_unl := t_unl || tr.unlimited_quota;
          t_exp := t_exp || tr.expired_time::bigint;
          t_min := t_min || lowest;
          j := cardinality(t_ids);
        END IF;
      END IF;

      IF k = 'hold' THEN
        IF NOT (u_q[i] > 0 AND u_q[i] >= a) THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
        -- Covered at any start at least this high.
        u_min[i] := GREATEST(u_min[i], GREATEST(a, 1) - (u_q[i] - u_q0[i]));
        u_q[i] := u_q[i] - a;
        IF j IS NOT NULL THEN
          IF NOT (t_s0[j] = (op->>'te')::integer AND (t_exp[j] = (op->>'ne')::bigint OR t_exp[j] > (op->>'n')::bigint)
              AND (t_unl[j] OR t_r[j] >= a)) THEN
            RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999';
          END IF;
          IF NOT t_unl[j] THEN t_min[j] := GREATEST(t_min[j], a - (t_r[j] - t_r0[j])); END IF;
          t_r[j] := t_r[j] - a;
          t_used[j] := t_used[j] + a;
        END IF;
        INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at)
          VALUES (op->>'r', uid, tid, a, op->>'hs', op->>'m', (op->>'n')::bigint, (op->>'n')::bigint);
        r_val[n] := '{"ok":true}'::jsonb;
        CONTINUE;
      END IF;

      -- settle or refund: the delta (final minus held) on the user and the token.
      IF k = 'settle' THEN
        -- A positive delta is charged only while the balance is not already negative (money rule 7):
        -- the fast path takes only the case where it is charged, at any start at least this high.
        IF delta > 0 THEN
          IF u_q[i] < 0 THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
          u_min[i] := GREATEST(u_min[i], -(u_q[i] - u_q0[i]));
        END IF;
        u_q[i] := u_q[i] - delta;
        u_used[i] := u_used[i] + q;
        u_cnt[i] := u_cnt[i] + 1;
      ELSIF delta < 0 THEN
        u_q[i] := u_q[i] - delta;
      END IF;
      IF j IS NOT NULL THEN
        -- A give-back to an exhausted token may enable it again: that one goes op by op.
        IF delta < 0 AND t_s0[j] = (op->>'tx')::integer THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
        t_r[j] := t_r[j] - delta;
        t_used[j] := t_used[j] + delta;
      END IF;
      IF k = 'refund' THEN
        r_val[n] := 'true'::jsonb;
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
      r_slot[n] := i;
      r_off[n] := u_q[i] - u_q0[i];
    END LOOP;

    -- Each row moved once, in id order, by one conditional statement on its current value.
    FOR i IN SELECT s.pos FROM unnest(u_ids) WITH ORDINALITY AS s(id, pos) ORDER BY s.id LOOP
      UPDATE users SET quota = quota + (u_q[i] - u_q0[i]), used_quota = used_quota + u_used[i], request_count = request_count + u_cnt[i]
        WHERE id = u_ids[i] AND deleted_at IS NULL AND quota >= u_min[i]
        RETURNING quota INTO got;
      IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
      u_base[i] := got - (u_q[i] - u_q0[i]);
    END LOOP;
    FOR j IN SELECT s.pos FROM unnest(t_ids) WITH ORDINALITY AS s(id, pos) ORDER BY s.id LOOP
      UPDATE tokens SET remain_quota = remain_quota + (t_r[j] - t_r0[j]), used_quota = used_quota + t_used[j]
        WHERE id = t_ids[j] AND status = t_s0[j] AND unlimited_quota = t_unl[j] AND expired_time = t_exp[j] AND remain_quota >= t_min[j];
      IF NOT FOUND THEN RAISE EXCEPTION 'per-op path' USING ERRCODE = 'SL999'; END IF;
    END LOOP;
    FOR j IN SELECT s.pos FROM unnest(c_ids) WITH ORDINALITY AS s(id, pos) ORDER BY s.id LOOP
      UPDATE channels SET used_quota = used_quota + c_used[j] WHERE id = c_ids[j];
    END LOOP;
    FOR i IN 1 .. n LOOP
      IF r_slot[i] IS NULL THEN
        results := results || jsonb_build_array(r_val[i]);
      ELSE
        results := results || jsonb_build_array(jsonb_build_object('user_id', u_ids[r_slot[i]], 'after', u_base[r_slot[i]] + r_off[i]));
      END IF;
    END LOOP;
  EXCEPTION WHEN OTHERS THEN
    -- Everything above is rolled back. The rows the batch can move are locked first, in the fast
    -- path's order; then the batch runs op by op, each op failing alone.
    PERFORM 1 FROM users WHERE id IN (
        SELECT (o->>'u')::integer FROM jsonb_array_elements(ops) o WHERE o->>'k' = 'hold'
        UNION SELECT hd.user_id FROM holds hd WHERE hd.request_id IN (SELECT o->>'r' FROM jsonb_array_elements(ops) o WHERE o->>'k' IN ('settle', 'refund')))
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM tokens WHERE id IN (
        SELECT (o->>'t')::integer FROM jsonb_array_elements(ops) o WHERE o->>'k' = 'hold'
        UNION SELECT hd.token_id FROM holds hd WHERE hd.request_id IN (SELECT o->>'r' FROM jsonb_array_elements(ops) o WHERE o->>'k' IN ('settle', 'refund')))
      ORDER BY id FOR UPDATE;
    PERFORM 1 FROM channels WHERE id IN (SELECT (o->>'c')::integer FROM jsonb_array_elements(ops) o WHERE o->>'k' = 'settle')
      ORDER BY id FOR UPDATE;
    results := sluice_ledger_ops(ops);
  END;
  -- Holds and checkpoints only: commit without waiting for the WAL flush (LedgerBatchFunction).
  IF NOT (ops @> '[{"k":"settle"}]' OR ops @> '[{"k":"refund"}]') THEN
    PERFORM set_config('synchronous_commit', 'off', true);
  END IF;
  RETURN results;
END
$fn$`;

export class LedgerBatchConcurrent1795360000000 implements MigrationInterface {
  name = 'LedgerBatchConcurrent1795360000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(FAST_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(LOCK_FIRST_SQL);
  }
}
