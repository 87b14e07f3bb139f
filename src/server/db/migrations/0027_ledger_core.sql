-- One ledger core. ledger_batch (first written in 0019) is the only code that moves money: it
-- locks an operation set's wallets once in user id order, settles each operation on its own (all
-- of its moves or none, once per idempotency key) and writes the wallets and the ledger rows with
-- one statement per table. It now also answers the id of each operation it applied (op_id) and,
-- for a refused one, which of its moves was refused (failed_move, 1-based). A debit from a user
-- without a wallet is 'short' (there is nothing to pay with), a credit to one is 'no_wallet'.
-- Gifts (src/server/gifts/charge.ts), bets and settlements (src/server/wallet/batch.ts) call it
-- with many operations; ledger_apply (src/server/wallet/ledger.ts) is now a thin wrapper that
-- hands it one operation and answers that operation's ledger rows, so the locking and the entry
-- writing exist once. gift_charge, a copy specialised to gifts, is gone.
DROP FUNCTION gift_charge(jsonb);
--> statement-breakpoint
DROP FUNCTION ledger_batch(jsonb);
--> statement-breakpoint
CREATE FUNCTION ledger_batch(p_ops jsonb)
RETURNS TABLE (
  ord integer, status text, gold bigint, diamond bigint, op_id bigint, failed_move integer
)
LANGUAGE plpgsql AS $$
DECLARE
  o_key text[]; o_kind text[]; o_reference text[]; o_first integer[]; o_last integer[];
  m_user integer[]; m_currency text[]; m_amount bigint[]; m_kind text[];
  w_user integer[]; w_gold bigint[]; w_diamond bigint[]; w_income bigint[];
  w_changed boolean[];
  new_keys text[]; new_ids bigint[]; key_state text[]; refused bigint[] := '{}';
  e_op bigint[] := '{}'; e_user integer[] := '{}'; e_currency text[] := '{}';
  e_amount bigint[] := '{}'; e_after bigint[] := '{}'; e_kind text[] := '{}';
  e_reference text[] := '{}'; e_key text[] := '{}';
  i integer; j integer; w integer; k integer; have bigint; verdict text; actor integer;
  failed integer;
BEGIN
  SELECT array_agg(r.key ORDER BY t.n), array_agg(r.kind ORDER BY t.n),
    array_agg(coalesce(r.reference, '') ORDER BY t.n)
  INTO o_key, o_kind, o_reference
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t (item, n),
    jsonb_to_record(t.item) AS r (key text, kind text, reference text);
  IF o_key IS NULL THEN
    RETURN;
  END IF;
  -- The moves of all operations, operation by operation; o_first and o_last bound each one's.
  SELECT array_agg(m.usr ORDER BY t.n, mv.n), array_agg(m.currency ORDER BY t.n, mv.n),
    array_agg(m.amount ORDER BY t.n, mv.n), array_agg(m.kind ORDER BY t.n, mv.n)
  INTO m_user, m_currency, m_amount, m_kind
  FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t (item, n),
    jsonb_array_elements(t.item -> 'moves') WITH ORDINALITY AS mv (move, n),
    jsonb_to_record(mv.move) AS m (usr integer, currency text, amount bigint, kind text);
  SELECT array_agg(coalesce(c.first, 0) ORDER BY t.n), array_agg(coalesce(c.last, -1) ORDER BY t.n)
  INTO o_first, o_last
  FROM generate_series(1, cardinality(o_key)) AS t (n)
  LEFT JOIN (
    SELECT x.op, min(x.pos)::integer AS first, max(x.pos)::integer AS last
    FROM (
      SELECT t2.n AS op, row_number() OVER (ORDER BY t2.n, mv2.n) AS pos
      FROM jsonb_array_elements(p_ops) WITH ORDINALITY AS t2 (item, n),
        jsonb_array_elements(t2.item -> 'moves') WITH ORDINALITY AS mv2 (move, n)
    ) x GROUP BY x.op
  ) c ON c.op = t.n;
  m_user := coalesce(m_user, '{}');
  SELECT array_agg(l.user_id ORDER BY l.user_id), array_agg(l.gold ORDER BY l.user_id),
    array_agg(l.diamond ORDER BY l.user_id), array_agg(l.income ORDER BY l.user_id)
  INTO w_user, w_gold, w_diamond, w_income
  FROM (
    SELECT wl.user_id, wl.gold, wl.diamond, wl.income FROM wallets wl
    WHERE wl.user_id = ANY (m_user)
    ORDER BY wl.user_id
    FOR UPDATE
  ) l;
  w_user := coalesce(w_user, '{}');
  w_changed := array_fill(false, ARRAY[greatest(cardinality(w_user), 1)]);
  WITH added AS (
    INSERT INTO ledger_operations (idempotency_key, kind, reference)
    SELECT u.k, u.kd, u.r FROM unnest(o_key, o_kind, o_reference) WITH ORDINALITY AS u (k, kd, r, n)
    ORDER BY u.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING ledger_operations.id, ledger_operations.idempotency_key
  )
  SELECT array_agg(added.idempotency_key), array_agg(added.id) INTO new_keys, new_ids
  FROM added;
  new_keys := coalesce(new_keys, '{}');
  key_state := array_fill(NULL::text, ARRAY[greatest(cardinality(new_keys), 1)]);
  FOR i IN 1 .. cardinality(o_key) LOOP
    ord := i;
    k := array_position(new_keys, o_key[i]);
    verdict := NULL;
    failed := NULL;
    IF o_first[i] = 0 THEN
      RAISE EXCEPTION 'ledger_batch: operation % has no moves', o_key[i];
    END IF;
    IF k IS NULL OR key_state[k] = 'ok' THEN
      verdict := 'replayed';
    ELSIF key_state[k] IS NOT NULL THEN
      verdict := key_state[k];
    ELSE
      FOR j IN o_first[i] .. o_last[i] LOOP
        w := array_position(w_user, m_user[j]);
        IF w IS NULL THEN
          -- Nothing to pay a debit with; nowhere to put a credit.
          verdict := CASE WHEN m_amount[j] < 0 THEN 'short' ELSE 'no_wallet' END;
          failed := j - o_first[i] + 1;
          EXIT;
        END IF;
        have := CASE m_currency[j] WHEN 'gold' THEN w_gold[w] WHEN 'diamond' THEN w_diamond[w]
          ELSE w_income[w] END;
        IF have + m_amount[j] < 0 THEN
          verdict := 'short';
          failed := j - o_first[i] + 1;
          EXIT;
        END IF;
      END LOOP;
      IF verdict IS NULL THEN
        verdict := 'ok';
        FOR j IN o_first[i] .. o_last[i] LOOP
          w := array_position(w_user, m_user[j]);
          IF m_currency[j] = 'gold' THEN
            w_gold[w] := w_gold[w] + m_amount[j];
            have := w_gold[w];
          ELSIF m_currency[j] = 'diamond' THEN
            w_diamond[w] := w_diamond[w] + m_amount[j];
            have := w_diamond[w];
          ELSE
            w_income[w] := w_income[w] + m_amount[j];
            have := w_income[w];
          END IF;
          w_changed[w] := true;
          e_op := e_op || new_ids[k];
          e_user := e_user || m_user[j];
          e_currency := e_currency || m_currency[j];
          e_amount := e_amount || m_amount[j];
          e_after := e_after || have;
          e_kind := e_kind || m_kind[j];
          e_reference := e_reference || o_reference[i];
          e_key := e_key || o_key[i];
        END LOOP;
      ELSE
        refused := refused || new_ids[k];
      END IF;
      key_state[k] := verdict;
    END IF;
    status := verdict;
    op_id := CASE WHEN verdict = 'ok' THEN new_ids[k] END;
    failed_move := failed;
    actor := array_position(w_user, m_user[o_first[i]]);
    gold := coalesce(w_gold[actor], 0);
    diamond := coalesce(w_diamond[actor], 0);
    RETURN NEXT;
  END LOOP;
  -- Refused operations keep their keys free for a later try (our own rows of this transaction).
  IF cardinality(refused) > 0 THEN
    DELETE FROM ledger_operations WHERE id = ANY (refused);
  END IF;
  UPDATE wallets wl SET gold = u.new_gold, diamond = u.new_diamond, income = u.new_income
  FROM unnest(w_user, w_gold, w_diamond, w_income, w_changed)
    AS u (uid, new_gold, new_diamond, new_income, changed)
  WHERE wl.user_id = u.uid AND u.changed;
  INSERT INTO ledger_entries
    (operation_id, user_id, currency, amount, balance_after, kind, reference, idempotency_key)
  SELECT e.op, e.uid, e.cur, e.amt, e.aft, e.knd, e.ref, e.k
  FROM unnest(e_op, e_user, e_currency, e_amount, e_after, e_kind, e_reference, e_key)
    WITH ORDINALITY AS e (op, uid, cur, amt, aft, knd, ref, k, n)
  ORDER BY e.n;
END
$$;

--> statement-breakpoint
DROP FUNCTION ledger_apply(text, text, text, integer[], text[], bigint[], text[]);
--> statement-breakpoint
-- One operation through the core. Answers one row per move written, with the balance after it,
-- when it was applied now; a single row with the status ('replayed', 'short', 'no_wallet') and
-- the refused move otherwise.
CREATE FUNCTION ledger_apply(
  p_key text, p_kind text, p_reference text,
  p_users integer[], p_currencies text[], p_amounts bigint[], p_kinds text[]
) RETURNS TABLE (
  status text, failed_move integer, operation_id bigint, user_id integer, currency text,
  balance_after bigint
)
LANGUAGE plpgsql AS $$
DECLARE
  v_status text; v_failed integer; v_op bigint;
BEGIN
  SELECT b.status, b.failed_move, b.op_id INTO v_status, v_failed, v_op
  FROM ledger_batch(jsonb_build_array(jsonb_build_object(
    'key', p_key, 'kind', p_kind, 'reference', p_reference,
    'moves', (
      SELECT jsonb_agg(jsonb_build_object('usr', m.u, 'currency', m.c, 'amount', m.a, 'kind', m.k)
        ORDER BY m.n)
      FROM unnest(p_users, p_currencies, p_amounts, p_kinds) WITH ORDINALITY AS m (u, c, a, k, n)
    )
  ))) b;
  IF v_status IS DISTINCT FROM 'ok' THEN
    status := v_status;
    failed_move := v_failed;
    RETURN NEXT;
    RETURN;
  END IF;
  RETURN QUERY
  SELECT 'ok'::text, NULL::integer, e.operation_id, e.user_id, e.currency, e.balance_after
  FROM ledger_entries e WHERE e.operation_id = v_op ORDER BY e.id;
END
$$;
