-- Organizations, companies and roles (issue "Companies…"), and what settling an unknown outcome and
-- DGII's partial success keep (issue "Every answer DGII may really give…").
-- Existing data: each account becomes a company of its own organization (same id), its users that
-- organization's members (admins its administrators), each user's role a set of company roles
-- (admin → administrator + approver + operator; operator → operator; viewer → viewer), and each
-- certificate the organization's, linked to its company with the same active flag.

-- CreateEnum
CREATE TYPE "CompanyRole" AS ENUM ('administrator', 'approver', 'operator', 'viewer');

-- CreateTable
CREATE TABLE "Organization" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "requireSecondFactor" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "Organization_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OrganizationMember" (
    "organizationId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "isAdmin" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "OrganizationMember_pkey" PRIMARY KEY ("organizationId","userId")
);

-- CreateTable
CREATE TABLE "CompanyMember" (
    "accountId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "roles" "CompanyRole"[],
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "CompanyMember_pkey" PRIMARY KEY ("accountId","userId")
);

-- CreateTable
CREATE TABLE "ServiceAccount" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdBy" TEXT,
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,
    "disabledAt" BIGINT,
    "lastUsedAt" BIGINT,
    "sessionsValidAfter" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ServiceAccount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ServiceAccountSecret" (
    "id" TEXT NOT NULL,
    "serviceAccountId" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "expiresAt" BIGINT,
    "revokedAt" BIGINT,

    CONSTRAINT "ServiceAccountSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SetupToken" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "expiresAt" BIGINT NOT NULL,
    "usedAt" BIGINT,

    CONSTRAINT "SetupToken_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyCertificate" (
    "accountId" TEXT NOT NULL,
    "certificateId" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "linkedAt" BIGINT NOT NULL,

    CONSTRAINT "CompanyCertificate_pkey" PRIMARY KEY ("accountId","certificateId")
);

-- CreateTable
CREATE TABLE "VoidSendAttempt" (
    "id" TEXT NOT NULL,
    "voidId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "attemptNumber" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "requestedBy" TEXT,
    "startedAt" BIGINT NOT NULL,
    "finishedAt" BIGINT,
    "outcome" "VoidStatus",
    "taxauthCode" TEXT,
    "taxauthName" TEXT,
    "taxauthResponse" JSONB NOT NULL DEFAULT '[]',
    "errorCode" TEXT,
    "errorMessage" TEXT,

    CONSTRAINT "VoidSendAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoidEvidence" (
    "id" TEXT NOT NULL,
    "voidId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,
    "uploadedBy" TEXT,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "VoidEvidence_pkey" PRIMARY KEY ("id")
);

-- Every account: an organization of its own (same id, name and times).
INSERT INTO "Organization" ("id", "name", "requireSecondFactor", "createdAt", "updatedAt")
SELECT "id", "name", false, "createdAt", "updatedAt" FROM "Account";

ALTER TABLE "Account" ADD COLUMN "organizationId" TEXT;
UPDATE "Account" SET "organizationId" = "id";
ALTER TABLE "Account" ALTER COLUMN "organizationId" SET NOT NULL;

-- Users: home organization, memberships and roles from the one role they had.
ALTER TABLE "User" ADD COLUMN "homeOrganizationId" TEXT,
ADD COLUMN     "mustChangePassword" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sessionsValidAfter" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "totpEnabledAt" BIGINT,
ADD COLUMN     "totpLastStep" BIGINT,
ADD COLUMN     "totpSecretCiphertext" BYTEA,
ADD COLUMN     "totpSecretIv" BYTEA,
ADD COLUMN     "totpSecretTag" BYTEA;
UPDATE "User" SET "homeOrganizationId" = "accountId";
ALTER TABLE "User" ALTER COLUMN "homeOrganizationId" SET NOT NULL;

INSERT INTO "OrganizationMember" ("organizationId", "userId", "isAdmin", "createdAt")
SELECT "accountId", "id", "role" = 'admin', "createdAt" FROM "User";

INSERT INTO "CompanyMember" ("accountId", "userId", "roles", "createdAt", "updatedAt")
SELECT "accountId", "id",
       CASE "role"
         WHEN 'admin' THEN ARRAY['administrator', 'approver', 'operator']::"CompanyRole"[]
         WHEN 'operator' THEN ARRAY['operator']::"CompanyRole"[]
         ELSE ARRAY['viewer']::"CompanyRole"[]
       END,
       "createdAt", "updatedAt"
FROM "User";

ALTER TABLE "User" DROP CONSTRAINT "User_accountId_fkey";
DROP INDEX "User_accountId_idx";
ALTER TABLE "User" DROP COLUMN "accountId", DROP COLUMN "role";

-- Certificates: the organization's, linked to the company they served.
INSERT INTO "CompanyCertificate" ("accountId", "certificateId", "active", "linkedAt")
SELECT "accountId", "id", "active", "createdAt" FROM "Certificate";

ALTER TABLE "Certificate" ADD COLUMN "organizationId" TEXT;
UPDATE "Certificate" SET "organizationId" = "accountId";
ALTER TABLE "Certificate" ALTER COLUMN "organizationId" SET NOT NULL;
ALTER TABLE "Certificate" DROP CONSTRAINT "Certificate_accountId_fkey";
DROP INDEX "Certificate_accountId_active_idx";
ALTER TABLE "Certificate" DROP COLUMN "accountId", DROP COLUMN "active";

-- Refresh tokens may belong to a service account.
ALTER TABLE "RefreshToken" ADD COLUMN     "serviceAccountId" TEXT,
ALTER COLUMN "userId" DROP NOT NULL;

-- Partial success and settling.
ALTER TABLE "VoidRecord" ADD COLUMN     "excepted" TEXT,
ADD COLUMN     "needsReview" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "settledAt" BIGINT,
ADD COLUMN     "settledBy" TEXT,
ADD COLUMN     "settledByUserId" TEXT,
ADD COLUMN     "settlementNote" TEXT,
ADD COLUMN     "settlementOutcome" "VoidStatus",
ADD COLUMN     "totalExcepted" BIGINT;

-- CreateIndex
CREATE INDEX "OrganizationMember_userId_idx" ON "OrganizationMember"("userId");

-- CreateIndex
CREATE INDEX "CompanyMember_userId_idx" ON "CompanyMember"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "ServiceAccount_clientId_key" ON "ServiceAccount"("clientId");

-- CreateIndex
CREATE INDEX "ServiceAccount_accountId_idx" ON "ServiceAccount"("accountId");

-- CreateIndex
CREATE INDEX "ServiceAccountSecret_serviceAccountId_idx" ON "ServiceAccountSecret"("serviceAccountId");

-- CreateIndex
CREATE INDEX "CompanyCertificate_accountId_active_idx" ON "CompanyCertificate"("accountId", "active");

-- CreateIndex
CREATE INDEX "CompanyCertificate_certificateId_idx" ON "CompanyCertificate"("certificateId");

-- CreateIndex
CREATE INDEX "VoidSendAttempt_accountId_idx" ON "VoidSendAttempt"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "VoidSendAttempt_voidId_attemptNumber_key" ON "VoidSendAttempt"("voidId", "attemptNumber");

-- CreateIndex
CREATE INDEX "VoidEvidence_voidId_idx" ON "VoidEvidence"("voidId");

-- CreateIndex
CREATE INDEX "Account_organizationId_idx" ON "Account"("organizationId");

-- CreateIndex
CREATE INDEX "Certificate_organizationId_idx" ON "Certificate"("organizationId");

-- CreateIndex
CREATE INDEX "RefreshToken_serviceAccountId_idx" ON "RefreshToken"("serviceAccountId");

-- CreateIndex
CREATE INDEX "User_homeOrganizationId_idx" ON "User"("homeOrganizationId");

-- AddForeignKey
ALTER TABLE "OrganizationMember" ADD CONSTRAINT "OrganizationMember_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OrganizationMember" ADD CONSTRAINT "OrganizationMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Account" ADD CONSTRAINT "Account_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMember" ADD CONSTRAINT "CompanyMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_homeOrganizationId_fkey" FOREIGN KEY ("homeOrganizationId") REFERENCES "Organization"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceAccount" ADD CONSTRAINT "ServiceAccount_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ServiceAccountSecret" ADD CONSTRAINT "ServiceAccountSecret_serviceAccountId_fkey" FOREIGN KEY ("serviceAccountId") REFERENCES "ServiceAccount"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyCertificate" ADD CONSTRAINT "CompanyCertificate_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyCertificate" ADD CONSTRAINT "CompanyCertificate_certificateId_fkey" FOREIGN KEY ("certificateId") REFERENCES "Certificate"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidSendAttempt" ADD CONSTRAINT "VoidSendAttempt_voidId_fkey" FOREIGN KEY ("voidId") REFERENCES "VoidRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidEvidence" ADD CONSTRAINT "VoidEvidence_voidId_fkey" FOREIGN KEY ("voidId") REFERENCES "VoidRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;
