-- CreateTable
CREATE TABLE "GapDeadlineSetting" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "windowDays" INTEGER NOT NULL,
    "updatedAt" BIGINT NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "GapDeadlineSetting_pkey" PRIMARY KEY ("accountId","environment")
);
