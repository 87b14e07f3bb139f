-- gift_charge: charges a batch of paid gifts in the caller's transaction (see
-- src/server/gifts/charge.ts). Each gift is a ledger operation of its own: an operation row
-- under its idempotency key, the sender's debit and the anchor's income credit, each with its
-- ledger row and the balance after it. Gifts are settled in arrival order and independently:
-- one the sender cannot pay, or whose key was applied before, moves nothing and the others go
-- on. The wallets are locked and read once; the settling itself is arithmetic on those values,
-- and the results are written with one statement per table.
-- Input: a JSON array of {key, sender, anchor, currency, total, income, reference}. Output: one
-- row per gift (ord is its 1-based position) with its status, 'ok' | 'replayed' | 'short' |
-- 'no_wallet', and the sender's gold and diamond right after it.
CREATE FUNCTION gift_charge(p_gifts jsonb)
RETURNS TABLE (ord integer, status text, gold bigint, diamond bigint)
LANGUAGE plpgsql AS $$
DECLARE
  g_key text[]; g_sender integer[]; g_anchor integer[]; g_currency text[];
  g_total bigint[]; g_income bigint[]; g_reference text[];
  w_user integer[]; w_gold bigint[]; w_diamond bigint[]; w_income bigint[];
  w_changed boolean[];
  new_keys text[]; new_ids bigint[]; key_state text[]; refused bigint[] := '{}';
  e_op bigint[] := '{}'; e_user integer[] := '{}'; e_currency text[] := '{}';
  e_amount bigint[] := '{}'; e_after bigint[] := '{}'; e_kind text[] := '{}';
  e_reference text[] := '{}'; e_key text[] := '{}';
  i integer; s integer; a integer; k integer; have bigint;
BEGIN
  SELECT array_agg(r.key ORDER BY t.n), array_agg(r.sender ORDER BY t.n),
    array_agg(r.anchor ORDER BY t.n), array_agg(r.currency ORDER BY t.n),
    array_agg(r.total ORDER BY t.n), array_agg(r.income ORDER BY t.n),
    array_agg(r.reference ORDER BY t.n)
  INTO g_key, g_sender, g_anchor, g_currency, g_total, g_income, g_reference
  FROM jsonb_array_elements(p_gifts) WITH ORDINALITY AS t (item, n),
    jsonb_to_record(t.item) AS r (key text, sender integer, anchor integer, currency text,
      total bigint, income bigint, reference text);
  IF g_key IS NULL THEN
    RETURN;
  END IF;
  -- Every wallet of the batch, locked in user id order (as ledger_apply locks them), so two
  -- batches, or a batch and a single operation, never wait on each other in a circle.
  SELECT array_agg(l.user_id ORDER BY l.user_id), array_agg(l.gold ORDER BY l.user_id),
    array_agg(l.diamond ORDER BY l.user_id), array_agg(l.income ORDER BY l.user_id)
  INTO w_user, w_gold, w_diamond, w_income
  FROM (
    SELECT w.user_id, w.gold, w.diamond, w.income FROM wallets w
    WHERE w.user_id = ANY (g_sender || g_anchor)
    ORDER BY w.user_id
    FOR UPDATE
  ) l;
  w_user := coalesce(w_user, '{}');
  w_changed := array_fill(false, ARRAY[greatest(cardinality(w_user), 1)]);
  -- The keys not applied before, each once (a key repeated in the batch is inserted once). A
  -- concurrent first use of a key makes this wait for it, then count as applied before.
  WITH added AS (
    INSERT INTO ledger_operations (idempotency_key, kind, reference)
    SELECT u.k, 'gift', u.r FROM unnest(g_key, g_reference) WITH ORDINALITY AS u (k, r, n)
    ORDER BY u.n
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING ledger_operations.id, ledger_operations.idempotency_key
  )
  SELECT array_agg(added.idempotency_key), array_agg(added.id) INTO new_keys, new_ids
  FROM added;
  new_keys := coalesce(new_keys, '{}');
  key_state := array_fill(NULL::text, ARRAY[greatest(cardinality(new_keys), 1)]);
  FOR i IN 1 .. cardinality(g_key) LOOP
    ord := i;
    s := array_position(w_user, g_sender[i]);
    a := array_position(w_user, g_anchor[i]);
    k := array_position(new_keys, g_key[i]);
    IF s IS NULL THEN
      status := 'short';
    ELSIF g_income[i] > 0 AND a IS NULL THEN
      status := 'no_wallet';
    ELSIF k IS NULL OR key_state[k] = 'ok' THEN
      status := 'replayed';
    ELSIF key_state[k] = 'short' THEN
      status := 'short';
    ELSE
      have := CASE WHEN g_currency[i] = 'diamond' THEN w_diamond[s] ELSE w_gold[s] END;
      IF have < g_total[i] THEN
        status := 'short';
      ELSE
        status := 'ok';
        IF g_currency[i] = 'diamond' THEN
          w_diamond[s] := w_diamond[s] - g_total[i];
        ELSE
          w_gold[s] := w_gold[s] - g_total[i];
        END IF;
        w_changed[s] := true;
        e_op := e_op || new_ids[k];
        e_user := e_user || g_sender[i];
        e_currency := e_currency || g_currency[i];
        e_amount := e_amount || (-g_total[i]);
        e_after := e_after || (have - g_total[i]);
        e_kind := e_kind || 'gift_send'::text;
        e_reference := e_reference || g_reference[i];
        e_key := e_key || g_key[i];
        IF g_income[i] > 0 THEN
          w_income[a] := w_income[a] + g_income[i];
          w_changed[a] := true;
          e_op := e_op || new_ids[k];
          e_user := e_user || g_anchor[i];
          e_currency := e_currency || 'income'::text;
          e_amount := e_amount || g_income[i];
          e_after := e_after || w_income[a];
          e_kind := e_kind || 'gift_income'::text;
          e_reference := e_reference || g_reference[i];
          e_key := e_key || g_key[i];
        END IF;
      END IF;
    END IF;
    -- A key's first gift decides it: paid, its repeats are repeats; refused, they are too.
    IF k IS NOT NULL AND key_state[k] IS NULL AND status IN ('ok', 'short') THEN
      key_state[k] := status;
      IF status = 'short' THEN
        refused := refused || new_ids[k];
      END IF;
    ELSIF k IS NOT NULL AND key_state[k] IS NULL THEN
      -- No wallet to credit: the key stays free, like a refusal.
      key_state[k] := 'short';
      refused := refused || new_ids[k];
    END IF;
    gold := coalesce(w_gold[s], 0);
    diamond := coalesce(w_diamond[s], 0);
    RETURN NEXT;
  END LOOP;
  -- Refused gifts keep their keys free for a later, paid try (our own rows of this transaction).
  IF cardinality(refused) > 0 THEN
    DELETE FROM ledger_operations WHERE id = ANY (refused);
  END IF;
  UPDATE wallets w SET gold = u.new_gold, diamond = u.new_diamond, income = u.new_income
  FROM unnest(w_user, w_gold, w_diamond, w_income, w_changed)
    AS u (uid, new_gold, new_diamond, new_income, changed)
  WHERE w.user_id = u.uid AND u.changed;
  INSERT INTO ledger_entries
    (operation_id, user_id, currency, amount, balance_after, kind, reference, idempotency_key)
  SELECT e.op, e.uid, e.cur, e.amt, e.aft, e.knd, e.ref, e.k
  FROM unnest(e_op, e_user, e_currency, e_amount, e_after, e_kind, e_reference, e_key)
    WITH ORDINALITY AS e (op, uid, cur, amt, aft, knd, ref, k, n)
  ORDER BY e.n;
END
$$;
--> statement-breakpoint
-- ledger_apply as in 0011, with its wallets locked in user id order before anything else.
CREATE OR REPLACE FUNCTION ledger_apply(
  p_key text, p_kind text, p_reference text,
  p_users integer[], p_currencies text[], p_amounts bigint[], p_kinds text[]
) RETURNS TABLE (operation_id bigint, user_id integer, currency text, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  op_id bigint;
BEGIN
  -- The operation's wallets, locked in user id order first, as gift_charge locks them: an
  -- UPDATE's join would lock them in whatever order its plan reads them.
  PERFORM 1 FROM wallets w WHERE w.user_id = ANY (p_users) ORDER BY w.user_id FOR UPDATE;
  INSERT INTO ledger_operations (idempotency_key, kind, reference)
  VALUES (p_key, p_kind, p_reference)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO op_id;
  IF op_id IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH moves AS (
    SELECT * FROM unnest(p_users, p_currencies, p_amounts, p_kinds) AS m (uid, cur, amt, knd)
  ), deltas AS (
    SELECT m.uid,
      coalesce(sum(m.amt) FILTER (WHERE m.cur = 'gold'), 0) AS gold,
      coalesce(sum(m.amt) FILTER (WHERE m.cur = 'diamond'), 0) AS diamond,
      coalesce(sum(m.amt) FILTER (WHERE m.cur = 'income'), 0) AS income
    FROM moves m
    GROUP BY m.uid
    ORDER BY m.uid
  ), updated AS (
    UPDATE wallets w
    SET gold = w.gold + d.gold, diamond = w.diamond + d.diamond, income = w.income + d.income
    FROM deltas d
    WHERE w.user_id = d.uid
    RETURNING w.user_id AS uid, w.gold, w.diamond, w.income
  ), entries AS (
    INSERT INTO ledger_entries
      (operation_id, user_id, currency, amount, balance_after, kind, reference, idempotency_key)
    SELECT op_id, m.uid, m.cur, m.amt,
      CASE m.cur WHEN 'gold' THEN u.gold WHEN 'diamond' THEN u.diamond ELSE u.income END,
      m.knd, p_reference, p_key
    FROM moves m
    LEFT JOIN updated u ON u.uid = m.uid
    ORDER BY m.uid, m.cur
    RETURNING ledger_entries.id, ledger_entries.user_id, ledger_entries.currency,
      ledger_entries.balance_after
  )
  SELECT op_id, e.user_id, e.currency, e.balance_after FROM entries e ORDER BY e.id;
END
$$;
