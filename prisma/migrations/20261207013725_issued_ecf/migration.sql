-- AlterTable
ALTER TABLE "Account" ADD COLUMN     "issuerCertifiedAt" BIGINT,
ADD COLUMN     "issuerCertifiedBy" TEXT;

-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "requestHash" TEXT,
ADD COLUMN     "signedDate" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Document_accountId_environment_idempotencyKey_key" ON "Document"("accountId", "environment", "idempotencyKey");
