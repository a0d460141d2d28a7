-- CreateTable
CREATE TABLE "YearEndClose" (
    "id" TEXT NOT NULL,
    "organizationId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "year" INTEGER NOT NULL,
    "includeSkipped" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,
    "startedAt" BIGINT,
    "finishedAt" BIGINT,
    "leaseOwner" TEXT,
    "leaseUntil" BIGINT,

    CONSTRAINT "YearEndClose_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "YearEndCloseCompany" (
    "closeId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "proposal" JSONB NOT NULL,
    "approvalRequired" BOOLEAN NOT NULL,
    "confirmedBy" TEXT,
    "confirmedAt" BIGINT,
    "decidedBy" TEXT,
    "decidedAt" BIGINT,
    "blockedReason" TEXT,
    "chunks" JSONB NOT NULL,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "YearEndCloseCompany_pkey" PRIMARY KEY ("closeId","accountId")
);

-- CreateIndex
CREATE INDEX "YearEndClose_organizationId_environment_idx" ON "YearEndClose"("organizationId", "environment");

-- CreateIndex
CREATE INDEX "YearEndClose_status_idx" ON "YearEndClose"("status");

-- CreateIndex
CREATE INDEX "YearEndCloseCompany_accountId_idx" ON "YearEndCloseCompany"("accountId");

-- AddForeignKey
ALTER TABLE "YearEndCloseCompany" ADD CONSTRAINT "YearEndCloseCompany_closeId_fkey" FOREIGN KEY ("closeId") REFERENCES "YearEndClose"("id") ON DELETE CASCADE ON UPDATE CASCADE;
