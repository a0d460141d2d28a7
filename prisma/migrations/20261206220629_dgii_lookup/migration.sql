-- CreateTable
CREATE TABLE "DgiiLookup" (
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "ncf" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "until" BIGINT NOT NULL,

    CONSTRAINT "DgiiLookup_pkey" PRIMARY KEY ("accountId","environment","ncf")
);
