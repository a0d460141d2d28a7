-- CreateIndex
CREATE INDEX "VoidRecord_accountId_environment_totalExcepted_idx" ON "VoidRecord"("accountId", "environment", "totalExcepted");
