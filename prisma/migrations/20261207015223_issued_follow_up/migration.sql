-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "followUpAt" BIGINT,
ADD COLUMN     "followUpAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "followUpClaimedUntil" BIGINT,
ADD COLUMN     "reviewReason" TEXT;

-- CreateIndex
CREATE INDEX "Document_followUpAt_idx" ON "Document"("followUpAt");
