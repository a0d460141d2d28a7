-- CreateTable
CREATE TABLE "ContingencyPeriod" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "declaredAt" BIGINT NOT NULL,
    "declaredBy" TEXT NOT NULL,
    "endedAt" BIGINT,
    "endedBy" TEXT,

    CONSTRAINT "ContingencyPeriod_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EcfDeadlineSetting" (
    "accountId" TEXT NOT NULL,
    "deferredWindowHours" INTEGER,
    "approachingPercent" INTEGER NOT NULL DEFAULT 75,
    "updatedAt" BIGINT NOT NULL,
    "updatedBy" TEXT NOT NULL,

    CONSTRAINT "EcfDeadlineSetting_pkey" PRIMARY KEY ("accountId")
);

-- CreateIndex
CREATE INDEX "ContingencyPeriod_accountId_environment_declaredAt_idx" ON "ContingencyPeriod"("accountId", "environment", "declaredAt");
