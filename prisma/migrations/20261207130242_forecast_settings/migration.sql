-- CreateTable
CREATE TABLE "ForecastSetting" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "leadDays" INTEGER NOT NULL DEFAULT 15,
    "unusedPercent" INTEGER NOT NULL DEFAULT 20,
    "updatedAt" BIGINT NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "ForecastSetting_pkey" PRIMARY KEY ("accountId","environment")
);
