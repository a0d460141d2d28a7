-- DropForeignKey
ALTER TABLE "VoidedRange" DROP CONSTRAINT "VoidedRange_voidId_fkey";

-- AlterTable
ALTER TABLE "VoidRecord" DROP COLUMN "signedXml",
ADD COLUMN     "signedXmlGzip" TEXT NOT NULL,
ALTER COLUMN "ranges" SET DATA TYPE TEXT;

-- DropTable
DROP TABLE "VoidedRange";

-- CreateTable
CREATE TABLE "VoidedBlock" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "voidId" TEXT NOT NULL,
    "serie" TEXT NOT NULL,
    "tipoeCF" TEXT NOT NULL,
    "minDesde" BIGINT NOT NULL,
    "maxHasta" BIGINT NOT NULL,

    CONSTRAINT "VoidedBlock_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "VoidedBlock_accountId_environment_serie_tipoeCF_minDesde_idx" ON "VoidedBlock"("accountId", "environment", "serie", "tipoeCF", "minDesde");

-- CreateIndex
CREATE INDEX "VoidedBlock_voidId_idx" ON "VoidedBlock"("voidId");

-- AddForeignKey
ALTER TABLE "VoidedBlock" ADD CONSTRAINT "VoidedBlock_voidId_fkey" FOREIGN KEY ("voidId") REFERENCES "VoidRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;
