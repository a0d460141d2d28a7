-- AlterTable
ALTER TABLE "YearEndCloseCompany" ADD COLUMN     "decidedById" TEXT;
