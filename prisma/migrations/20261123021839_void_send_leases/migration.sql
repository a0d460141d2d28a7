-- AlterTable
ALTER TABLE "VoidRecord" ADD COLUMN     "leaseExpiresAt" BIGINT,
ADD COLUMN     "leaseOwner" TEXT;

-- CreateIndex
CREATE INDEX "VoidRecord_leaseExpiresAt_idx" ON "VoidRecord"("leaseExpiresAt");

-- Attempts written before leases existed whose send never recorded an outcome (the write-ahead
-- state, or the deadline's "still waiting" text): give them a lease that ends two minutes after their
-- last update (longer than any send still running during this deploy may wait), so the sweep marks
-- them INTERRUPTED instead of leaving them promising an update that cannot come.
UPDATE "VoidRecord"
SET "leaseOwner" = '(before leases)', "leaseExpiresAt" = "updateAt" + 120000
WHERE "status" = 'Error'
  AND ("errorCode" = 'NOT_CONFIRMED' OR "errorMessage" LIKE 'Sin respuesta de la DGII en %');
