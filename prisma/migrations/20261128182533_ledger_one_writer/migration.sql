-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "issuedAt" BIGINT,
ADD COLUMN     "source" TEXT NOT NULL DEFAULT 'import';

-- Repair: documents written by a path that did not fill the ledger's columns (the demo seed wrote
-- every demo document without them, so the ledger never saw them). Each such row gets its e-NCF's
-- parts (the format lib/domain/encf.ts reads: series E–Z but P, a known type, a number above zero),
-- then the issued intervals of every company are rebuilt from the documents, and both counts are
-- reported (RAISE NOTICE: the migration runner's output).
DO $$
DECLARE
  repaired BIGINT;
  intervals BIGINT;
BEGIN
  UPDATE "Document"
  SET "serie" = substr("ncf", 1, 1), "tipoeCF" = substr("ncf", 2, 2), "secuencia" = substr("ncf", 4)::bigint
  WHERE ("serie" IS NULL OR "tipoeCF" IS NULL OR "secuencia" IS NULL)
    AND "ncf" ~ '^[E-OQ-Z](31|32|33|34|41|43|44|45|46|47)[0-9]{10}$'
    AND substr("ncf", 4)::bigint > 0;
  GET DIAGNOSTICS repaired = ROW_COUNT;
  intervals := "ledger_rebuild_issued_intervals"(NULL);
  RAISE NOTICE 'ledger_one_writer: % documents given their ledger columns; % issued intervals rebuilt from the documents',
    repaired, intervals;
END
$$;
