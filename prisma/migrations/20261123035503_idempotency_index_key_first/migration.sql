-- DropIndex
DROP INDEX "VoidRecord_accountId_environment_idempotencyKey_key";

-- CreateIndex
CREATE UNIQUE INDEX "VoidRecord_idempotencyKey_accountId_environment_key" ON "VoidRecord"("idempotencyKey", "accountId", "environment");
