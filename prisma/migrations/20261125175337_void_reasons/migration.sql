-- Issue 20: why a void was made, DGII's 608 reason code ("01"…"10") and free text. Null on voids
-- made without one (older records, API clients that never send `motivo`): never a default.
-- AlterTable
ALTER TABLE "VoidRecord" ADD COLUMN     "reasonCode" TEXT,
ADD COLUMN     "reasonText" TEXT;
