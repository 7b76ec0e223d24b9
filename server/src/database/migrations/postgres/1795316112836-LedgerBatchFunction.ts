import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PostgreSQL only (written by hand: the generator sees entities, not functions). The ledger's
 * group commit: `sluice_ledger_batch(ops jsonb)` applies a batch of holds, settlements, refunds
 * and checkpoints in one round trip and one transaction, each op in its own subtransaction (an
 * op that fails rolls back alone and reports its error), and returns one result per op in order.
 * The moves are the same conditional statements as the SQLite ledger
 * (server/src/billing/ledger-statements.ts); the caller keeps batches under 64 ops (the
 * subtransaction cache). A batch without a settlement or refund commits with
 * synchronous_commit off (money rule: holds and checkpoints may be lost with a crash, whole).
 *
 * Op fields: k kind; r request id; n now; hs held status; and
 *   hold:       u user, t token (null: none), a amount, m model, te token-enabled status, ne never-expires;
 *   settle:     q quota, c channel (0: none), cs closed status, tx/te token statuses, l log (null: none);
 *   refund:     cs closed status, tx/te token statuses;
 *   checkpoint: q quota, c channel (0: keep).
 * Results: hold {"ok":true} | {"e":"user"|"token"|"dup"}; settle {"user_id","after"} | null;
 * refund true | false; checkpoint null; any op {"err": message, "code": sqlstate} on an error.
 */
export const FUNCTION_SQL = `CREATE OR REPLACE FUNCTION sluice_ledger_batch(ops jsonb) RETURNS jsonb LANGUAGE plpgsql AS $fn$
DECLARE
  op jsonb;
  k text;
  res jsonb;
  results jsonb := '[]'::jsonb;
  relaxed boolean := true;
  h record;
  delta bigint;
  q bigint;
  ch integer;
  after_quota bigint;
  lg jsonb;
BEGIN
  FOR op IN SELECT value FROM jsonb_array_elements(ops) LOOP
    k := op->>'k';
    IF k = 'settle' OR k = 'refund' THEN relaxed := false; END IF;
    BEGIN
      IF k = 'hold' THEN
        UPDATE users SET quota = quota - (op->>'a')::bigint
          WHERE id = (op->>'u')::integer AND deleted_at IS NULL AND quota > 0 AND quota >= (op->>'a')::bigint;
        IF NOT FOUND THEN
          res := '{"e":"user"}';
        ELSE
          IF op->>'t' IS NOT NULL THEN
            UPDATE tokens SET remain_quota = remain_quota - (op->>'a')::bigint, used_quota = used_quota + (op->>'a')::bigint
              WHERE id = (op->>'t')::integer AND status = (op->>'te')::integer
                AND (expired_time = (op->>'ne')::bigint OR expired_time > (op->>'n')::bigint)
                AND (unlimited_quota OR remain_quota >= (op->>'a')::bigint);
            -- Rolls back this op's user reservation with it.
            IF NOT FOUND THEN RAISE EXCEPTION 'token quota' USING ERRCODE = 'SL001'; END IF;
          END IF;
          INSERT INTO holds (request_id, user_id, token_id, amount, status, model_name, created_at, updated_at)
            VALUES (op->>'r', (op->>'u')::integer, (op->>'t')::integer, (op->>'a')::bigint, op->>'hs', op->>'m',
              (op->>'n')::bigint, (op->>'n')::bigint);
          res := '{"ok":true}';
        END IF;
      ELSIF k = 'settle' OR k = 'refund' THEN
        q := CASE WHEN k = 'settle' THEN (op->>'q')::bigint ELSE 0 END;
        UPDATE holds SET status = op->>'cs', settled_quota = q, updated_at = (op->>'n')::bigint
          WHERE request_id = op->>'r' AND status = op->>'hs'
          RETURNING user_id, token_id, amount INTO h;
        IF NOT FOUND THEN
          res := CASE WHEN k = 'settle' THEN 'null'::jsonb ELSE 'false'::jsonb END;
        ELSE
          delta := q - h.amount;
          after_quota := NULL;
          IF k = 'settle' THEN
            -- A positive delta is charged only while the balance is not already negative (money rule 7).
            UPDATE users SET quota = CASE WHEN delta > 0 THEN (CASE WHEN quota >= 0 THEN quota - delta ELSE quota END) ELSE quota - delta END,
                used_quota = used_quota + q, request_count = request_count + 1
              WHERE id = h.user_id RETURNING quota INTO after_quota;
          ELSIF delta < 0 THEN
            UPDATE users SET quota = quota - delta WHERE id = h.user_id AND deleted_at IS NULL;
          END IF;
          -- The token moves by the delta; a give-back re-enables an exhausted token it lifts above zero.
          IF h.token_id IS NOT NULL AND delta <> 0 THEN
            UPDATE tokens SET remain_quota = remain_quota - delta, used_quota = used_quota + delta,
                status = CASE WHEN delta < 0 AND status = (op->>'tx')::integer AND (unlimited_quota OR remain_quota - delta > 0)
                  THEN (op->>'te')::integer ELSE status END
              WHERE id = h.token_id;
          END IF;
          IF k = 'settle' THEN
            ch := (op->>'c')::integer;
            IF ch > 0 AND q > 0 THEN UPDATE channels SET used_quota = used_quota + q WHERE id = ch; END IF;
            lg := op->'l';
            IF lg IS NOT NULL AND jsonb_typeof(lg) = 'object' THEN
              INSERT INTO logs (user_id, type, created_at, content, username, token_name, token_id, model_name, quota,
                  prompt_tokens, completion_tokens, use_time, is_stream, channel_id, token_group, client_ip, request_id, other)
                VALUES (h.user_id, (lg->>'type')::integer, (op->>'n')::bigint, lg->>'content', lg->>'username', lg->>'token_name',
                  (lg->>'token_id')::integer, lg->>'model_name', q, (lg->>'prompt_tokens')::integer,
                  (lg->>'completion_tokens')::integer, (lg->>'use_time')::integer, (lg->>'is_stream')::boolean, ch,
                  lg->>'token_group', lg->>'client_ip', op->>'r', lg->>'other');
            END IF;
            res := jsonb_build_object('user_id', h.user_id, 'after', after_quota);
          ELSE
            res := 'true'::jsonb;
          END IF;
        END IF;
      ELSIF k = 'checkpoint' THEN
        -- Delivered content only grows; a channel of 0 keeps the recorded one.
        UPDATE holds SET checkpoint_quota = GREATEST(checkpoint_quota, (op->>'q')::bigint), updated_at = (op->>'n')::bigint,
            channel_id = CASE WHEN (op->>'c')::integer > 0 THEN (op->>'c')::integer ELSE channel_id END
          WHERE request_id = op->>'r' AND status = op->>'hs';
        res := 'null'::jsonb;
      ELSE
        RAISE EXCEPTION 'unknown ledger op %', k USING ERRCODE = 'SL000';
      END IF;
    EXCEPTION
      WHEN SQLSTATE 'SL001' THEN res := '{"e":"token"}';
      WHEN unique_violation THEN res := CASE WHEN k = 'hold' THEN '{"e":"dup"}'::jsonb ELSE jsonb_build_object('err', SQLERRM, 'code', SQLSTATE) END;
      WHEN OTHERS THEN res := jsonb_build_object('err', SQLERRM, 'code', SQLSTATE);
    END;
    results := results || jsonb_build_array(res);
  END LOOP;
  IF relaxed THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;
  RETURN results;
END
$fn$`;

export class LedgerBatchFunction1795316112836 implements MigrationInterface {
  name = 'LedgerBatchFunction1795316112836';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(FUNCTION_SQL);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION IF EXISTS sluice_ledger_batch(jsonb)');
  }
}
