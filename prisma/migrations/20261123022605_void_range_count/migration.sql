-- AlterTable: how many ranges each record holds, so list pages are bounded in bytes without
-- reading the ranges themselves.
ALTER TABLE "VoidRecord" ADD COLUMN "rangeCount" INTEGER;

-- Existing records. Ranges stored as JSON (they start with "[") are counted exactly. Larger ones
-- were stored gzip-compressed as base64 (over 64 KB of JSON, i.e. over ~1,500 ranges), which SQL
-- cannot read: they get an upper estimate from the stored length (base64 of gzip of ~40-character
-- tuples, which compress about 6 times; dividing by 4 assumes 10 times, so pages stay under their
-- byte bound even for very regular ranges).
UPDATE "VoidRecord" SET "rangeCount" = CASE
  WHEN left("ranges", 1) = '[' THEN json_array_length("ranges"::json)
  ELSE greatest(1, length("ranges") / 4)
END;

ALTER TABLE "VoidRecord" ALTER COLUMN "rangeCount" SET NOT NULL;
