-- CreateTable
CREATE TABLE "IssuedInterval" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "serie" TEXT NOT NULL,
    "tipoeCF" TEXT NOT NULL,
    "desde" BIGINT NOT NULL,
    "hasta" BIGINT NOT NULL,

    CONSTRAINT "IssuedInterval_pkey" PRIMARY KEY ("accountId","environment","serie","tipoeCF","desde")
);

-- AddForeignKey
ALTER TABLE "IssuedInterval" ADD CONSTRAINT "IssuedInterval_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The ledger's issued side as merged intervals (issue 18: gaps, inventory and the pre-void check
-- read ~1,000 interval rows instead of walking a million documents). Kept by statement-level
-- triggers on "Document" so that every writer — the import, the status refresh, the demo
-- documents, a cascade, a test's createMany — keeps it in the same transaction, with no writer
-- able to forget it. Each series+type is changed under its transaction advisory lock, the key of
-- lib/server/db/series-lock.ts: two transactions writing the same series+type merge one after the
-- other, each reading the intervals the other committed (plpgsql statements take a new snapshot).

-- seriesLockKey (lib/server/db/series-lock.ts) in SQL: the first 8 bytes of the SHA-256 of
-- 'series:<accountId>:<environment>:<serie><tipoeCF>' as a signed 64-bit integer.
CREATE FUNCTION "ledger_series_lock_key"(p_account TEXT, p_env TEXT, p_serie TEXT, p_tipo TEXT)
RETURNS BIGINT LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT ('x' || substr(encode(sha256(convert_to(
    'series:' || p_account || ':' || p_env || ':' || p_serie || p_tipo, 'UTF8')), 'hex'), 1, 16))::bit(64)::bigint
$$;

-- Adds runs of newly used numbers (sorted, disjoint) to one series+type: the existing intervals
-- they overlap or touch are replaced by the merged ones. Only those are read: per run, the
-- interval starting before it (if it reaches it) and the ones starting inside it or right after.
CREATE FUNCTION "ledger_issued_add"(p_account TEXT, p_env "Environment", p_serie TEXT, p_tipo TEXT,
                                    p_desde BIGINT[], p_hasta BIGINT[])
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  t_desde BIGINT[];
  t_hasta BIGINT[];
BEGIN
  SELECT array_agg(x.desde), array_agg(x.hasta) INTO t_desde, t_hasta FROM (
    SELECT DISTINCT i.desde, i.hasta
    FROM unnest(p_desde, p_hasta) AS r(desde, hasta)
    CROSS JOIN LATERAL (
      (SELECT "desde", "hasta" FROM "IssuedInterval"
        WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
          AND "tipoeCF" = p_tipo AND "desde" < r.desde
        ORDER BY "desde" DESC LIMIT 1)
      UNION ALL
      (SELECT "desde", "hasta" FROM "IssuedInterval"
        WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
          AND "tipoeCF" = p_tipo AND "desde" BETWEEN r.desde AND r.hasta + 1)
    ) AS i
    WHERE i.hasta >= r.desde - 1
  ) AS x;
  IF t_desde IS NOT NULL THEN
    DELETE FROM "IssuedInterval"
    WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
      AND "tipoeCF" = p_tipo AND "desde" = ANY (t_desde);
  END IF;
  -- Islands of the runs and the replaced intervals: a piece starts a new island unless it starts
  -- at or right after the furthest end of the pieces before it.
  INSERT INTO "IssuedInterval" ("accountId", "environment", "serie", "tipoeCF", "desde", "hasta")
  SELECT p_account, p_env, p_serie, p_tipo, min(g.desde), max(g.hasta)
  FROM (
    SELECT f.desde, f.hasta, sum(f.starts) OVER (ORDER BY f.desde, f.hasta) AS island
    FROM (
      SELECT p.desde, p.hasta,
             CASE WHEN p.desde <= max(p.hasta) OVER (ORDER BY p.desde, p.hasta
                                   ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) + 1
                  THEN 0 ELSE 1 END AS starts
      FROM (SELECT * FROM unnest(p_desde, p_hasta)
            UNION ALL
            SELECT * FROM unnest(t_desde, t_hasta)) AS p(desde, hasta)
    ) AS f
  ) AS g
  GROUP BY g.island;
END
$$;

-- Takes runs of numbers no longer used (sorted, disjoint) out of one series+type: each interval
-- they overlap is replaced by its pieces around them.
CREATE FUNCTION "ledger_issued_remove"(p_account TEXT, p_env "Environment", p_serie TEXT, p_tipo TEXT,
                                       p_desde BIGINT[], p_hasta BIGINT[])
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  a_desde BIGINT[];
  a_hasta BIGINT[];
BEGIN
  SELECT array_agg(x.desde), array_agg(x.hasta) INTO a_desde, a_hasta FROM (
    SELECT DISTINCT i.desde, i.hasta
    FROM unnest(p_desde, p_hasta) AS r(desde, hasta)
    CROSS JOIN LATERAL (
      (SELECT "desde", "hasta" FROM "IssuedInterval"
        WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
          AND "tipoeCF" = p_tipo AND "desde" < r.desde
        ORDER BY "desde" DESC LIMIT 1)
      UNION ALL
      (SELECT "desde", "hasta" FROM "IssuedInterval"
        WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
          AND "tipoeCF" = p_tipo AND "desde" BETWEEN r.desde AND r.hasta)
    ) AS i
    WHERE i.hasta >= r.desde
  ) AS x;
  IF a_desde IS NULL THEN
    RETURN;
  END IF;
  DELETE FROM "IssuedInterval"
  WHERE "accountId" = p_account AND "environment" = p_env AND "serie" = p_serie
    AND "tipoeCF" = p_tipo AND "desde" = ANY (a_desde);
  -- Per affected interval: the piece before its first cut, between consecutive cuts, after the last.
  INSERT INTO "IssuedInterval" ("accountId", "environment", "serie", "tipoeCF", "desde", "hasta")
  SELECT p_account, p_env, p_serie, p_tipo, pieces.desde, pieces.hasta
  FROM (
    SELECT coalesce(lag(c.rh) OVER w + 1, c.ad) AS desde, c.rd - 1 AS hasta
    FROM (
      SELECT a.ad, a.ah, r.rd, r.rh
      FROM unnest(a_desde, a_hasta) AS a(ad, ah)
      JOIN unnest(p_desde, p_hasta) AS r(rd, rh) ON r.rd <= a.ah AND r.rh >= a.ad
    ) AS c
    WINDOW w AS (PARTITION BY c.ad ORDER BY c.rd)
    UNION ALL
    SELECT max(c.rh) + 1, c.ah
    FROM (
      SELECT a.ad, a.ah, r.rh
      FROM unnest(a_desde, a_hasta) AS a(ad, ah)
      JOIN unnest(p_desde, p_hasta) AS r(rd, rh) ON r.rd <= a.ah AND r.rh >= a.ad
    ) AS c
    GROUP BY c.ad, c.ah
  ) AS pieces
  WHERE pieces.desde <= pieces.hasta;
END
$$;

-- A number set (one row per used number: account, environment, serie, tipo, n) as runs grouped
-- per series+type, in lock-key order (every transaction takes the series' locks in the same order:
-- no deadlock between two statements of different transactions), each applied under its lock.
CREATE FUNCTION "ledger_issued_apply"(p_add BOOLEAN, p_account TEXT[], p_env "Environment"[],
                                      p_serie TEXT[], p_tipo TEXT[], p_n BIGINT[])
RETURNS VOID LANGUAGE plpgsql AS $$
DECLARE
  k RECORD;
BEGIN
  FOR k IN
    SELECT g.acc, g.env, g.serie, g.tipo,
           array_agg(g.desde ORDER BY g.desde) AS desdes, array_agg(g.hasta ORDER BY g.desde) AS hastas
    FROM (
      SELECT t.acc, t.env, t.serie, t.tipo, min(t.n) AS desde, max(t.n) AS hasta
      FROM (
        SELECT u.acc, u.env, u.serie, u.tipo, u.n,
               u.n - row_number() OVER (PARTITION BY u.acc, u.env, u.serie, u.tipo ORDER BY u.n) AS run
        FROM (SELECT DISTINCT * FROM unnest(p_account, p_env, p_serie, p_tipo, p_n)
                AS v(acc, env, serie, tipo, n)) AS u
      ) AS t
      GROUP BY t.acc, t.env, t.serie, t.tipo, t.run
    ) AS g
    GROUP BY g.acc, g.env, g.serie, g.tipo
    ORDER BY "ledger_series_lock_key"(g.acc, g.env::text, g.serie, g.tipo)
  LOOP
    PERFORM pg_advisory_xact_lock("ledger_series_lock_key"(k.acc, k.env::text, k.serie, k.tipo));
    IF p_add THEN
      PERFORM "ledger_issued_add"(k.acc, k.env, k.serie, k.tipo, k.desdes, k.hastas);
    ELSE
      PERFORM "ledger_issued_remove"(k.acc, k.env, k.serie, k.tipo, k.desdes, k.hastas);
    END IF;
  END LOOP;
END
$$;

-- INSERT: the new used numbers as runs straight from the transition table (a million-row
-- INSERT … SELECT makes ~1,000 runs, never a million-element array).
CREATE FUNCTION "ledger_issued_after_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  k RECORD;
BEGIN
  FOR k IN
    SELECT g.acc, g.env, g.serie, g.tipo,
           array_agg(g.desde ORDER BY g.desde) AS desdes, array_agg(g.hasta ORDER BY g.desde) AS hastas
    FROM (
      SELECT t.acc, t.env, t.serie, t.tipo, min(t.n) AS desde, max(t.n) AS hasta
      FROM (
        SELECT d."accountId" AS acc, d."environment" AS env, d."serie" AS serie, d."tipoeCF" AS tipo,
               d."secuencia" AS n,
               d."secuencia" - row_number() OVER (PARTITION BY d."accountId", d."environment", d."serie",
                                                  d."tipoeCF" ORDER BY d."secuencia") AS run
        FROM new_rows AS d
        WHERE d."serie" IS NOT NULL AND d."tipoeCF" IS NOT NULL AND d."secuencia" IS NOT NULL
          AND NOT d."sequenceReusable"
      ) AS t
      GROUP BY t.acc, t.env, t.serie, t.tipo, t.run
    ) AS g
    GROUP BY g.acc, g.env, g.serie, g.tipo
    ORDER BY "ledger_series_lock_key"(g.acc, g.env::text, g.serie, g.tipo)
  LOOP
    PERFORM pg_advisory_xact_lock("ledger_series_lock_key"(k.acc, k.env::text, k.serie, k.tipo));
    PERFORM "ledger_issued_add"(k.acc, k.env, k.serie, k.tipo, k.desdes, k.hastas);
  END LOOP;
  RETURN NULL;
END
$$;

-- UPDATE: only rows whose used number changed (a refresh marking a document reusable, an import
-- changing its status); an update of anything else (checkedAt…) finds none and does nothing.
CREATE FUNCTION "ledger_issued_after_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  r_acc TEXT[]; r_env "Environment"[]; r_serie TEXT[]; r_tipo TEXT[]; r_n BIGINT[];
  a_acc TEXT[]; a_env "Environment"[]; a_serie TEXT[]; a_tipo TEXT[]; a_n BIGINT[];
BEGIN
  WITH changed AS (
    SELECT
      CASE WHEN o."serie" IS NOT NULL AND o."tipoeCF" IS NOT NULL AND o."secuencia" IS NOT NULL
                AND NOT o."sequenceReusable" THEN true ELSE false END AS old_used,
      CASE WHEN n."serie" IS NOT NULL AND n."tipoeCF" IS NOT NULL AND n."secuencia" IS NOT NULL
                AND NOT n."sequenceReusable" THEN true ELSE false END AS new_used,
      o."accountId" AS o_acc, o."environment" AS o_env, o."serie" AS o_serie, o."tipoeCF" AS o_tipo,
      o."secuencia" AS o_n,
      n."accountId" AS n_acc, n."environment" AS n_env, n."serie" AS n_serie, n."tipoeCF" AS n_tipo,
      n."secuencia" AS n_n
    FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
    WHERE o."sequenceReusable" IS DISTINCT FROM n."sequenceReusable"
       OR o."secuencia" IS DISTINCT FROM n."secuencia" OR o."serie" IS DISTINCT FROM n."serie"
       OR o."tipoeCF" IS DISTINCT FROM n."tipoeCF" OR o."accountId" IS DISTINCT FROM n."accountId"
       OR o."environment" IS DISTINCT FROM n."environment" OR o."id" IS DISTINCT FROM n."id"
  )
  SELECT array_agg(o_acc) FILTER (WHERE old_used), array_agg(o_env) FILTER (WHERE old_used),
         array_agg(o_serie) FILTER (WHERE old_used), array_agg(o_tipo) FILTER (WHERE old_used),
         array_agg(o_n) FILTER (WHERE old_used),
         array_agg(n_acc) FILTER (WHERE new_used), array_agg(n_env) FILTER (WHERE new_used),
         array_agg(n_serie) FILTER (WHERE new_used), array_agg(n_tipo) FILTER (WHERE new_used),
         array_agg(n_n) FILTER (WHERE new_used)
  INTO r_acc, r_env, r_serie, r_tipo, r_n, a_acc, a_env, a_serie, a_tipo, a_n
  FROM changed;
  -- Removals first: a row that moves to another number frees the old one before taking the new.
  IF r_n IS NOT NULL THEN
    PERFORM "ledger_issued_apply"(false, r_acc, r_env, r_serie, r_tipo, r_n);
  END IF;
  IF a_n IS NOT NULL THEN
    PERFORM "ledger_issued_apply"(true, a_acc, a_env, a_serie, a_tipo, a_n);
  END IF;
  RETURN NULL;
END
$$;

-- DELETE (a test emptying documents, an account's cascade): the deleted used numbers as runs.
CREATE FUNCTION "ledger_issued_after_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  k RECORD;
BEGIN
  FOR k IN
    SELECT g.acc, g.env, g.serie, g.tipo,
           array_agg(g.desde ORDER BY g.desde) AS desdes, array_agg(g.hasta ORDER BY g.desde) AS hastas
    FROM (
      SELECT t.acc, t.env, t.serie, t.tipo, min(t.n) AS desde, max(t.n) AS hasta
      FROM (
        SELECT d."accountId" AS acc, d."environment" AS env, d."serie" AS serie, d."tipoeCF" AS tipo,
               d."secuencia" AS n,
               d."secuencia" - row_number() OVER (PARTITION BY d."accountId", d."environment", d."serie",
                                                  d."tipoeCF" ORDER BY d."secuencia") AS run
        FROM old_rows AS d
        WHERE d."serie" IS NOT NULL AND d."tipoeCF" IS NOT NULL AND d."secuencia" IS NOT NULL
          AND NOT d."sequenceReusable"
      ) AS t
      GROUP BY t.acc, t.env, t.serie, t.tipo, t.run
    ) AS g
    GROUP BY g.acc, g.env, g.serie, g.tipo
    ORDER BY "ledger_series_lock_key"(g.acc, g.env::text, g.serie, g.tipo)
  LOOP
    PERFORM pg_advisory_xact_lock("ledger_series_lock_key"(k.acc, k.env::text, k.serie, k.tipo));
    PERFORM "ledger_issued_remove"(k.acc, k.env, k.serie, k.tipo, k.desdes, k.hastas);
  END LOOP;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Document_ledger_issued_insert" AFTER INSERT ON "Document"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_issued_after_insert"();
CREATE TRIGGER "Document_ledger_issued_update" AFTER UPDATE ON "Document"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_issued_after_update"();
CREATE TRIGGER "Document_ledger_issued_delete" AFTER DELETE ON "Document"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ledger_issued_after_delete"();

-- Rebuilds the intervals of one company (or all, p_account NULL) from its documents: the backfill
-- below, and the reference the tests compare the triggers' intervals with. Returns the rows made.
CREATE FUNCTION "ledger_rebuild_issued_intervals"(p_account TEXT DEFAULT NULL)
RETURNS BIGINT LANGUAGE plpgsql AS $$
DECLARE
  made BIGINT;
BEGIN
  DELETE FROM "IssuedInterval" WHERE p_account IS NULL OR "accountId" = p_account;
  INSERT INTO "IssuedInterval" ("accountId", "environment", "serie", "tipoeCF", "desde", "hasta")
  SELECT t.acc, t.env, t.serie, t.tipo, min(t.n), max(t.n)
  FROM (
    SELECT d."accountId" AS acc, d."environment" AS env, d."serie" AS serie, d."tipoeCF" AS tipo,
           d."secuencia" AS n,
           d."secuencia" - row_number() OVER (PARTITION BY d."accountId", d."environment", d."serie",
                                              d."tipoeCF" ORDER BY d."secuencia") AS run
    FROM "Document" AS d
    WHERE d."serie" IS NOT NULL AND d."tipoeCF" IS NOT NULL AND d."secuencia" IS NOT NULL
      AND NOT d."sequenceReusable" AND (p_account IS NULL OR d."accountId" = p_account)
  ) AS t
  GROUP BY t.acc, t.env, t.serie, t.tipo, t.run;
  GET DIAGNOSTICS made = ROW_COUNT;
  RETURN made;
END
$$;

-- Backfill: the documents already imported (this migration runs in one transaction with the
-- triggers above, so no write falls between the two). Unlike the voided side (records above 64 KB
-- are gzip, unreadable in SQL: a start-up step), the documents' numbers are plain columns.
SELECT "ledger_rebuild_issued_intervals"(NULL);
