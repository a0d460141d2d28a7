-- CreateTable
CREATE TABLE "ActivityLogEntry" (
    "id" TEXT NOT NULL,
    "accountId" TEXT,
    "organizationId" TEXT,
    "environment" "Environment",
    "action" TEXT NOT NULL,
    "actorType" TEXT NOT NULL,
    "actorId" TEXT,
    "actorLabel" TEXT,
    "subjectType" TEXT,
    "subjectId" TEXT,
    "details" JSONB NOT NULL DEFAULT '{}',
    "ip" TEXT,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "ActivityLogEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ActivityLogEntry_accountId_createdAt_idx" ON "ActivityLogEntry"("accountId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ActivityLogEntry_organizationId_createdAt_idx" ON "ActivityLogEntry"("organizationId", "createdAt" DESC);

-- Append-only (issue 20): the activity log is kept at least 10 years and nothing may change or
-- remove an entry. Written by hand (Prisma's schema has no triggers): every UPDATE, DELETE and
-- TRUNCATE of the table raises. Only the database owner dropping or disabling these triggers (DDL,
-- outside the app) could change that; the test helper's truncate() does so for its throw-away
-- databases only.
CREATE FUNCTION "activity_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ActivityLogEntry is append-only: % refused', TG_OP
    USING HINT = 'Activity log entries are kept at least 10 years and never updated or deleted.';
END;
$$;

CREATE TRIGGER "ActivityLogEntry_append_only"
  BEFORE UPDATE OR DELETE ON "ActivityLogEntry"
  FOR EACH ROW EXECUTE FUNCTION "activity_log_refuse_change"();

CREATE TRIGGER "ActivityLogEntry_no_truncate"
  BEFORE TRUNCATE ON "ActivityLogEntry"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_log_refuse_change"();
