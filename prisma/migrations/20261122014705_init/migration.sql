-- CreateEnum
CREATE TYPE "UserRole" AS ENUM ('admin', 'operator', 'viewer');

-- CreateEnum
CREATE TYPE "Environment" AS ENUM ('TesteCF', 'CerteCF', 'eCF');

-- CreateEnum
CREATE TYPE "VoidStatus" AS ENUM ('Aceptado', 'Rechazado', 'Error');

-- CreateTable
CREATE TABLE "Account" (
    "id" TEXT NOT NULL,
    "rnc" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "Account_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "passwordHash" TEXT NOT NULL,
    "role" "UserRole" NOT NULL DEFAULT 'viewer',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" BIGINT NOT NULL,
    "updatedAt" BIGINT NOT NULL,
    "lastLoginAt" BIGINT,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "createdBy" TEXT,
    "createdAt" BIGINT NOT NULL,
    "lastUsedAt" BIGINT,
    "revokedAt" BIGINT,

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Certificate" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "p12Ciphertext" BYTEA NOT NULL,
    "p12Iv" BYTEA NOT NULL,
    "p12Tag" BYTEA NOT NULL,
    "passwordCiphertext" BYTEA NOT NULL,
    "passwordIv" BYTEA NOT NULL,
    "passwordTag" BYTEA NOT NULL,
    "subject" TEXT NOT NULL,
    "subjectSerialNumber" TEXT,
    "commonName" TEXT,
    "issuer" TEXT NOT NULL,
    "serialNumberHex" TEXT NOT NULL,
    "notBefore" BIGINT NOT NULL,
    "notAfter" BIGINT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT false,
    "createdBy" TEXT,
    "createdAt" BIGINT NOT NULL,

    CONSTRAINT "Certificate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoidRecord" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "status" "VoidStatus" NOT NULL,
    "fechaHoraAnulacion" TEXT NOT NULL,
    "totalVoided" BIGINT NOT NULL,
    "ranges" JSONB NOT NULL,
    "fileName" TEXT NOT NULL,
    "taxauthCode" TEXT,
    "taxauthName" TEXT,
    "taxauthResponse" JSONB NOT NULL DEFAULT '[]',
    "signedXml" TEXT NOT NULL,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "createdBy" TEXT,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" BIGINT NOT NULL,
    "updateAt" BIGINT NOT NULL,

    CONSTRAINT "VoidRecord_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoidedRange" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "voidId" TEXT NOT NULL,
    "serie" TEXT NOT NULL,
    "tipoeCF" TEXT NOT NULL,
    "desde" BIGINT NOT NULL,
    "hasta" BIGINT NOT NULL,

    CONSTRAINT "VoidedRange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "customerId" TEXT NOT NULL,
    "ncf" TEXT NOT NULL,
    "trackId" TEXT,
    "internalTrackId" TEXT,
    "fileName" TEXT,
    "documentType" TEXT,
    "status" TEXT NOT NULL,
    "buyerRnc" TEXT,
    "invoiceTotal" DECIMAL(20,2),
    "customerReceived" TEXT,
    "customerReceivedAt" TEXT,
    "customerResponse" TEXT,
    "taxauthResponse" JSONB NOT NULL DEFAULT '[]',
    "securityCode" TEXT,
    "secretId" TEXT,
    "signedXml" TEXT,
    "summarySignedXml" TEXT,
    "qrUrl" TEXT,
    "createdAt" BIGINT NOT NULL,
    "updateAt" BIGINT NOT NULL,
    "checkedAt" BIGINT,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Account_rnc_key" ON "Account"("rnc");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "User_accountId_idx" ON "User"("accountId");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_prefix_key" ON "ApiKey"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_hash_key" ON "ApiKey"("hash");

-- CreateIndex
CREATE INDEX "ApiKey_accountId_idx" ON "ApiKey"("accountId");

-- CreateIndex
CREATE INDEX "Certificate_accountId_active_idx" ON "Certificate"("accountId", "active");

-- CreateIndex
CREATE INDEX "VoidRecord_accountId_environment_createdAt_id_idx" ON "VoidRecord"("accountId", "environment", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "VoidRecord_accountId_environment_status_createdAt_id_idx" ON "VoidRecord"("accountId", "environment", "status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "VoidRecord_accountId_environment_idempotencyKey_key" ON "VoidRecord"("accountId", "environment", "idempotencyKey");

-- CreateIndex
CREATE INDEX "VoidedRange_accountId_environment_serie_tipoeCF_desde_idx" ON "VoidedRange"("accountId", "environment", "serie", "tipoeCF", "desde");

-- CreateIndex
CREATE INDEX "VoidedRange_voidId_idx" ON "VoidedRange"("voidId");

-- CreateIndex
CREATE UNIQUE INDEX "Document_accountId_environment_ncf_key" ON "Document"("accountId", "environment", "ncf");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Certificate" ADD CONSTRAINT "Certificate_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidRecord" ADD CONSTRAINT "VoidRecord_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoidedRange" ADD CONSTRAINT "VoidedRange_voidId_fkey" FOREIGN KEY ("voidId") REFERENCES "VoidRecord"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Document" ADD CONSTRAINT "Document_accountId_fkey" FOREIGN KEY ("accountId") REFERENCES "Account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
