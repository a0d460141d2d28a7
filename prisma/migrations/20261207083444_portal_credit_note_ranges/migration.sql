-- CreateTable
CREATE TABLE "PortalCreditNoteRange" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "serie" TEXT NOT NULL,
    "desde" BIGINT NOT NULL,
    "hasta" BIGINT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "PortalCreditNoteRange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "PortalCreditNoteRange_accountId_environment_desde_idx" ON "PortalCreditNoteRange"("accountId", "environment", "desde");
