-- ledger_apply: writes one ledger operation (see src/server/wallet/ledger.ts). A function so its
-- statements are planned once per session: the ledger's hot path no longer parses and plans a
-- large statement on every gift (PGlite has no statement cache of its own).
-- Inputs are parallel arrays, one element per move, at most one move per user and currency.
-- Returns nothing when the key was applied before; otherwise one row per move with the balance
-- after it. A debit below zero fails on the wallets_*_nonneg CHECK constraints and a move
-- without a wallet on balance_after's NOT NULL, failing the whole call.
CREATE FUNCTION ledger_apply(
  p_key text, p_kind text, p_reference text,
  p_users integer[], p_currencies text[], p_amounts bigint[], p_kinds text[]
) RETURNS TABLE (operation_id bigint, user_id integer, currency text, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  op_id bigint;
BEGIN
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
