-- CreateTable
CREATE TABLE "DeploymentSetting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" BIGINT NOT NULL,

    CONSTRAINT "DeploymentSetting_pkey" PRIMARY KEY ("key")
);
