-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "secuencia" BIGINT,
ADD COLUMN     "sequenceReusable" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "serie" TEXT,
ADD COLUMN     "tipoeCF" TEXT;

-- AlterTable
ALTER TABLE "VoidRecord" ADD COLUMN     "ledgerSyncedAt" BIGINT;

-- CreateTable
CREATE TABLE "SequenceAuthorization" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "serie" TEXT NOT NULL,
    "tipoeCF" TEXT NOT NULL,
    "desde" BIGINT NOT NULL,
    "hasta" BIGINT NOT NULL,
    "authorizedOn" TEXT NOT NULL,
    "expiresOn" TEXT,
    "note" TEXT,
    "createdBy" TEXT,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "SequenceAuthorization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoidedInterval" (
    "voidId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "serie" TEXT NOT NULL,
    "tipoeCF" TEXT NOT NULL,
    "desde" BIGINT NOT NULL,
    "hasta" BIGINT NOT NULL,

    CONSTRAINT "VoidedInterval_pkey" PRIMARY KEY ("voidId","serie","tipoeCF","desde")
);

-- CreateTable
CREATE TABLE "LedgerCoverage" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "coveredUntil" BIGINT NOT NULL,
    "setBy" TEXT,
    "setAt" BIGINT NOT NULL,

    CONSTRAINT "LedgerCoverage_pkey" PRIMARY KEY ("accountId","environment")
);

-- CreateTable
CREATE TABLE "RuntimeStep" (
    "id" TEXT NOT NULL,
    "doneAt" BIGINT NOT NULL,

    CONSTRAINT "RuntimeStep_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SequenceAuthorization_accountId_environment_serie_tipoeCF_d_idx" ON "SequenceAuthorization"("accountId", "environment", "serie", "tipoeCF", "desde");

-- CreateIndex
CREATE INDEX "VoidedInterval_accountId_environment_serie_tipoeCF_desde_idx" ON "VoidedInterval"("accountId", "environment", "serie", "tipoeCF", "desde");

-- CreateIndex
CREATE INDEX "Document_accountId_environment_serie_tipoeCF_sequenceReusab_idx" ON "Document"("accountId", "environment", "serie", "tipoeCF", "sequenceReusable", "secuencia");

-- CreateIndex
CREATE INDEX "VoidRecord_accountId_environment_ledgerSyncedAt_idx" ON "VoidRecord"("accountId", "environment", "ledgerSyncedAt");

-- AddForeignKey
ALTER TABLE "SequenceAuthorization" ADD CONSTRAINT "SequenceAuthorization_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidedInterval" ADD CONSTRAINT "VoidedInterval_voidId_fkey" FOREIGN KEY ("voidId") REFERENCES "VoidRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LedgerCoverage" ADD CONSTRAINT "LedgerCoverage_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the e-NCF's parts of every stored document (E + 2-digit type + 10-digit sequence), and
-- whether DGII's last answer said the number is still usable (secuenciaUtilizada=false). The
-- answers are JSON texts (validated on import, written by JSON.stringify on refresh).
UPDATE "Document"
SET "serie" = substr("ncf", 1, 1),
    "tipoeCF" = substr("ncf", 2, 2),
    "secuencia" = substr("ncf", 4, 10)::bigint
WHERE "ncf" ~ '^[A-Z][0-9]{12}$';

UPDATE "Document"
SET "sequenceReusable" = true
WHERE "status" = 'Rechazado'
  AND jsonb_typeof("taxauthResponse") = 'array'
  AND jsonb_array_length("taxauthResponse") > 0
  AND ("taxauthResponse" ->> (jsonb_array_length("taxauthResponse") - 1)) ~ '"secuenciaUtilizada"\s*:\s*false';
