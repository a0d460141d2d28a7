-- AlterTable
ALTER TABLE "ServiceAccount" ADD COLUMN     "sendWithoutApproval" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "VoidRecord" ADD COLUMN     "approvedAt" BIGINT,
ADD COLUMN     "approvedBy" TEXT,
ADD COLUMN     "approvedByUserId" TEXT,
ADD COLUMN     "requestId" TEXT;

-- CreateTable
CREATE TABLE "ApprovalPolicy" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "minSequences" BIGINT,
    "updatedBy" TEXT,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "ApprovalPolicy_pkey" PRIMARY KEY ("accountId","environment")
);

-- CreateTable
CREATE TABLE "VoidRequest" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "status" TEXT NOT NULL,
    "ranges" TEXT NOT NULL,
    "rangeCount" INTEGER NOT NULL,
    "totalVoided" BIGINT NOT NULL,
    "reasonCode" TEXT,
    "reasonText" TEXT,
    "fechaHoraAnulacion" TEXT,
    "requestedByUserId" TEXT NOT NULL,
    "requestedBy" TEXT NOT NULL,
    "requestedAt" BIGINT NOT NULL,
    "expiresAt" BIGINT NOT NULL,
    "decidedByUserId" TEXT,
    "decidedBy" TEXT,
    "decidedAt" BIGINT,
    "rejectionReason" TEXT,
    "voidId" TEXT,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "checks" JSONB NOT NULL DEFAULT '{}',
    "lastError" JSONB,

    CONSTRAINT "VoidRequest_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VoidRequest_accountId_environment_requestedAt_id_idx" ON "VoidRequest"("accountId", "environment", "requestedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "VoidRequest_accountId_environment_status_requestedAt_id_idx" ON "VoidRequest"("accountId", "environment", "status", "requestedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "VoidRequest_status_expiresAt_idx" ON "VoidRequest"("status", "expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "VoidRequest_idempotencyKey_accountId_environment_key" ON "VoidRequest"("idempotencyKey", "accountId", "environment");

-- AddForeignKey
ALTER TABLE "ApprovalPolicy" ADD CONSTRAINT "ApprovalPolicy_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidRequest" ADD CONSTRAINT "VoidRequest_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
