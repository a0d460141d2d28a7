-- CreateTable
CREATE TABLE "OutboxEvent" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment",
    "type" TEXT NOT NULL,
    "subjectId" TEXT,
    "payload" JSONB NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "processedAt" BIGINT,

    CONSTRAINT "OutboxEvent_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxEvent_accountId_createdAt_idx" ON "OutboxEvent"("accountId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxEvent_processedAt_id_idx" ON "OutboxEvent"("processedAt", "id");
