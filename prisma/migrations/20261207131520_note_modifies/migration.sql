-- AlterTable
ALTER TABLE "Document" ADD COLUMN     "ncfModificado" TEXT;

-- The notes issued before this column: the e-NCF they modify, from their signed XML (only a note
-- issued here holds XML; an import's signedXml is a reference, and says nothing of what it modifies).
UPDATE "Document"
SET "ncfModificado" = substring("signedXml" from '<NCFModificado>([^<]{1,19})</NCFModificado>')
WHERE "source" = 'issued' AND "tipoeCF" IN ('33', '34') AND "signedXml" LIKE '%<NCFModificado>%';

-- CreateIndex
CREATE INDEX "Document_accountId_environment_ncfModificado_idx" ON "Document"("accountId", "environment", "ncfModificado");
