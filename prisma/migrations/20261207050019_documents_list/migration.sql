-- CreateIndex
CREATE INDEX "Document_accountId_environment_createdAt_id_idx" ON "Document"("accountId", "environment", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "OutboxEvent_accountId_subjectId_idx" ON "OutboxEvent"("accountId", "subjectId");

-- CreateIndex
CREATE INDEX "WebhookDelivery_accountId_eventId_idx" ON "WebhookDelivery"("accountId", "eventId");
