-- CreateTable
CREATE TABLE "DocumentReviewDecision" (
    "id" TEXT NOT NULL,
    "documentId" TEXT NOT NULL,
    "accountId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "decision" TEXT NOT NULL,
    "reviewReason" TEXT NOT NULL,
    "trackId" TEXT,
    "estado" TEXT,
    "note" TEXT NOT NULL,
    "decidedByUserId" TEXT,
    "decidedBy" TEXT NOT NULL,
    "decidedAt" BIGINT NOT NULL,
    "evidenceFileName" TEXT,
    "evidenceContentType" TEXT,
    "evidenceSize" INTEGER,
    "evidenceContent" BYTEA,

    CONSTRAINT "DocumentReviewDecision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "DocumentReviewDecision_documentId_idx" ON "DocumentReviewDecision"("documentId");

-- AddForeignKey
ALTER TABLE "DocumentReviewDecision" ADD CONSTRAINT "DocumentReviewDecision_documentId_fkey" FOREIGN KEY ("documentId") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;
