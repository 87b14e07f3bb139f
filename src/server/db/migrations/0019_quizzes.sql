CREATE TABLE "quiz_stakes" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option" smallint NOT NULL,
	"amount" bigint NOT NULL,
	"bets" integer DEFAULT 1 NOT NULL,
	"result" smallint DEFAULT 1 NOT NULL,
	"payout" bigint DEFAULT 0 NOT NULL,
	"debt" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_stakes_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id"),
	CONSTRAINT "quiz_stakes_option" CHECK ("quiz_stakes"."option" in (1, 2)),
	CONSTRAINT "quiz_stakes_amount_pos" CHECK ("quiz_stakes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"anchor_id" integer NOT NULL,
	"live_id" integer,
	"category_id" integer,
	"created_by" integer NOT NULL,
	"question" text NOT NULL,
	"option_a" text NOT NULL,
	"option_b" text NOT NULL,
	"min_bet" bigint NOT NULL,
	"close_minutes" integer NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"job" text,
	"winner" smallint,
	"pool_a" bigint DEFAULT 0 NOT NULL,
	"pool_b" bigint DEFAULT 0 NOT NULL,
	"bettors_a" integer DEFAULT 0 NOT NULL,
	"bettors_b" integer DEFAULT 0 NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"remainder" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "quizzes_winner" CHECK ("quizzes"."winner" is null or "quizzes"."winner" in (1, 2)),
	CONSTRAINT "quizzes_pools_nonneg" CHECK ("quizzes"."pool_a" >= 0 and "quizzes"."pool_b" >= 0)
);
--> statement-breakpoint
ALTER TABLE "quiz_stakes" ADD CONSTRAINT "quiz_stakes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_stakes" ADD CONSTRAINT "quiz_stakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_anchor_id_users_id_fk" FOREIGN KEY ("anchor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_live_id_live_sessions_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."live_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiz_stakes_user_idx" ON "quiz_stakes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quiz_stakes_result_idx" ON "quiz_stakes" USING btree ("quiz_id","result");--> statement-breakpoint
CREATE INDEX "quizzes_anchor_idx" ON "quizzes" USING btree ("anchor_id","id");--> statement-breakpoint
CREATE INDEX "quizzes_status_idx" ON "quizzes" USING btree ("status","closes_at");--> statement-breakpoint
-- ledger_batch: applies many ledger operations in the caller's transaction (see
-- src/server/wallet/batch.ts). Each operation is applied once under its idempotency key, with
-- all of its moves or none: 'ok', 'replayed' (its key was applied before, or earlier in the
-- batch), 'short' (a debit would take a balance below zero) or 'no_wallet'. The wallets are
-- locked once, in user id order as everywhere else; the settling is arithmetic on their values
-- and the results are written with one statement per table.
-- Input: a JSON array of {key, kind, reference, moves: [{user, currency, amount, kind}]}, the
-- moves of one operation on distinct (user, currency) pairs. Output: one row per operation
-- (ord is its 1-based position) with its status and the gold and diamond of its first move's
-- user right after it.
CREATE FUNCTION ledger_batch(p_ops jsonb)
RETURNS TABLE (ord integer, status text, gold bigint, diamond bigint)
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
          verdict := 'no_wallet';
          EXIT;
        END IF;
        have := CASE m_currency[j] WHEN 'gold' THEN w_gold[w] WHEN 'diamond' THEN w_diamond[w]
          ELSE w_income[w] END;
        IF have + m_amount[j] < 0 THEN
          verdict := 'short';
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
